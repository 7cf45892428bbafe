/**
 * The filter panel of the template list (templates-dashboard-reports.md §2.2 "a filter panel with
 * status checkboxes and an application filter, and an Apply button"; §4: the list filter adds
 * 'all'): a 'Filters' button (with the number of filters in force) opening a panel with the
 * statuses of TEMPLATE_FILTER_STATUSES under an 'All' box (ticks or clears them all), the
 * organization's applications, Reset and Apply. The ticks start from the filters in force each
 * time the panel opens; Apply hands them over (in the panel's order) and closes.
 */
import { useState } from 'react';
import { Checkbox, Divider, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterCheckboxes, FilterPopover, inOptionOrder, toggleItem as toggle } from '../../../components/filter-popover.tsx';
import { TEMPLATE_FILTER_STATUSES, type TemplateStatus } from '@pesan/contracts/wa-template-status';
import type { TemplateApplication } from '../api/list-template-applications.ts';
import { templateStatusText } from '../utils/labels.ts';

export interface TemplateFiltersValue {
  statuses: TemplateStatus[];
  applicationIds: string[];
}

export interface TemplateFiltersProps {
  /** The organization's applications (undefined while they load). */
  applications: readonly TemplateApplication[] | undefined;
  value: TemplateFiltersValue;
  onApply: (value: TemplateFiltersValue) => void;
}

/** The 'Filters' button and its panel (see the module comment). */
export function TemplateFilters({ applications, value, onApply }: TemplateFiltersProps) {
  const { t } = useTranslation('wa-templates');
  const [draft, setDraft] = useState<TemplateFiltersValue>(value);
  const count = value.statuses.length + value.applicationIds.length;
  const ticked = TEMPLATE_FILTER_STATUSES.filter((s) => draft.statuses.includes(s)).length;

  return (
    <FilterPopover
      count={count}
      onOpen={() => setDraft(value)}
      onReset={() => setDraft({ statuses: [], applicationIds: [] })}
      onApply={() =>
        onApply({
          statuses: TEMPLATE_FILTER_STATUSES.filter((s) => draft.statuses.includes(s)),
          applicationIds: inOptionOrder(draft.applicationIds, applications ?? []),
        })
      }
    >
      <Stack gap={8} role="group" aria-labelledby="wa-filter-status">
        <Text id="wa-filter-status" size="sm" fw={700}>
          {t('filters.status')}
        </Text>
        <Checkbox
          label={t('filters.all')}
          checked={ticked === TEMPLATE_FILTER_STATUSES.length}
          indeterminate={ticked > 0 && ticked < TEMPLATE_FILTER_STATUSES.length}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setDraft((d) => ({ ...d, statuses: on ? [...TEMPLATE_FILTER_STATUSES] : [] }));
          }}
        />
        {TEMPLATE_FILTER_STATUSES.map((s) => (
          <Checkbox
            key={s}
            label={templateStatusText(s)}
            pl="md"
            checked={draft.statuses.includes(s)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setDraft((d) => ({ ...d, statuses: toggle(d.statuses, s, on) }));
            }}
          />
        ))}
      </Stack>
      <Divider />
      <Stack gap={8} role="group" aria-labelledby="wa-filter-application">
        <Text id="wa-filter-application" size="sm" fw={700}>
          {t('filters.application')}
        </Text>
        <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
          <FilterCheckboxes
            options={(applications ?? []).map((a) => ({ value: a.id, label: a.name }))}
            selected={draft.applicationIds}
            onToggle={(v, on) => setDraft((d) => ({ ...d, applicationIds: toggle(d.applicationIds, v, on) }))}
            empty={applications ? t('filters.noApplication') : t('filters.loading')}
          />
        </ScrollArea.Autosize>
      </Stack>
    </FilterPopover>
  );
}
