/**
 * The 'Filters' dropdown (templates-dashboard-reports.md §2.7): a search box that keeps the options
 * whose name contains the text (case-insensitive), the collapsible groups 'Application Name' and
 * 'Status' (the report statuses) with checkboxes, and Apply, which hands the ticked options over
 * and closes. The ticks start from the filters in force each time the dropdown opens.
 */
import { useState } from 'react';
import { Accordion, ScrollArea, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FilterCheckboxes, FilterPopover, inOptionOrder, toggleItem as toggle } from '../../../components/filter-popover.tsx';
import { REPORT_STATUSES, type ReportStatus } from '@pesan/contracts/reports';
import type { ReportApplication } from '../api/list-report-applications.ts';

export interface FiltersMenuValue {
  applicationIds: string[];
  statuses: ReportStatus[];
}

export interface FiltersMenuProps {
  applications: readonly ReportApplication[];
  value: FiltersMenuValue;
  onApply: (value: FiltersMenuValue) => void;
}

/** Options whose label contains `query` (trimmed, case-insensitive); all when it is empty. */
export function matchOptions<T extends { label: string }>(options: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : [...options];
}

const GROUPS = ['applications', 'statuses'] as const;


/** The 'Filters' button and its dropdown (see the module comment). */
export function FiltersMenu({ applications, value, onApply }: FiltersMenuProps) {
  const { t } = useTranslation('reports');
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState<FiltersMenuValue>(value);
  const [open, setOpen] = useState<string[]>([...GROUPS]);
  const count = value.applicationIds.length + value.statuses.length;

  const apps = matchOptions(
    applications.map((a) => ({ value: a.id, label: a.name })),
    query,
  );
  const statuses = matchOptions(
    REPORT_STATUSES.map((s) => ({ value: s, label: t(`reportStatus.${s}`) })),
    query,
  );
  // While searching, every group with a match is shown open.
  const expanded = query.trim() ? GROUPS.filter((g) => (g === 'applications' ? apps : statuses).length > 0) : open;

  const start = () => {
    setDraft(value);
    setQuery('');
  };

  return (
    <FilterPopover
      count={count}
      onOpen={start}
      onReset={() => setDraft({ applicationIds: [], statuses: [] })}
      onApply={() =>
        onApply({
          applicationIds: inOptionOrder(draft.applicationIds, applications),
          statuses: REPORT_STATUSES.filter((s) => draft.statuses.includes(s)),
        })
      }
    >
      <TextInput
        aria-label={t('filters.searchOptions')}
        placeholder={t('filters.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <Accordion multiple value={expanded} onChange={setOpen} variant="default" chevronPosition="right">
        <Accordion.Item value="applications">
          <Accordion.Control>
            <Text size="sm" fw={600}>
              {t('filters.applicationName')}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
              <FilterCheckboxes
                label={t('filters.applicationName')}
                options={apps}
                selected={draft.applicationIds}
                onToggle={(v, on) => setDraft((d) => ({ ...d, applicationIds: toggle(d.applicationIds, v, on) }))}
                empty={t('filters.noApplicationFound')}
              />
            </ScrollArea.Autosize>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="statuses">
          <Accordion.Control>
            <Text size="sm" fw={600}>
              {t('filters.status')}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label={t('filters.status')}
              options={statuses}
              selected={draft.statuses}
              onToggle={(v, on) => setDraft((d) => ({ ...d, statuses: toggle(d.statuses, v, on) }))}
              empty={t('filters.noStatusFound')}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </FilterPopover>
  );
}
