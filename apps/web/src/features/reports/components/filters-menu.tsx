/**
 * The 'Filters' dropdown (templates-dashboard-reports.md §2.7): a search box that keeps the options
 * whose name contains the text (case-insensitive), the collapsible groups 'Application Name' and
 * 'Status' (the report statuses) with checkboxes, and Apply, which hands the ticked options over
 * and closes. The ticks start from the filters in force each time the dropdown opens.
 */
import { useState } from 'react';
import { Accordion, Badge, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '@pesan/contracts/reports';
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

const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** The 'Filters' button and its dropdown (see the module comment). */
export function FiltersMenu({ applications, value, onApply }: FiltersMenuProps) {
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState<FiltersMenuValue>(value);
  const [open, setOpen] = useState<string[]>([...GROUPS]);
  const count = value.applicationIds.length + value.statuses.length;

  const apps = matchOptions(
    applications.map((a) => ({ value: a.id, label: a.name })),
    query,
  );
  const statuses = matchOptions(
    REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] })),
    query,
  );
  // While searching, every group with a match is shown open.
  const expanded = query.trim() ? GROUPS.filter((g) => (g === 'applications' ? apps : statuses).length > 0) : open;

  const start = () => {
    setDraft(value);
    setQuery('');
  };

  return (
    <Popover
      opened={opened}
      onChange={(o) => {
        if (o) start();
        setOpened(o);
      }}
      position="bottom-start"
      shadow="md"
      width={300}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={
            count > 0 ? (
              <>
                <Badge size="sm" circle aria-hidden>
                  {count}
                </Badge>
                <VisuallyHidden>{`, ${count} selected`}</VisuallyHidden>
              </>
            ) : undefined
          }
          onClick={() => {
            if (!opened) start();
            setOpened((o) => !o);
          }}
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Filters" p="sm">
        <Stack gap="sm">
          <TextInput
            aria-label="Search filter options"
            placeholder="Search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <Accordion multiple value={expanded} onChange={setOpen} variant="default" chevronPosition="right">
            <Accordion.Item value="applications">
              <Accordion.Control>
                <Text size="sm" fw={600}>
                  Application Name
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
                  <Stack gap={8} role="group" aria-label="Application Name">
                    {apps.length === 0 ? (
                      <Text size="sm" c="gray.7">
                        No application found
                      </Text>
                    ) : (
                      apps.map((a) => (
                        <Checkbox
                          key={a.value}
                          label={a.label}
                          checked={draft.applicationIds.includes(a.value)}
                          onChange={(e) => setDraft((d) => ({ ...d, applicationIds: toggle(d.applicationIds, a.value, e.currentTarget.checked) }))}
                        />
                      ))
                    )}
                  </Stack>
                </ScrollArea.Autosize>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="statuses">
              <Accordion.Control>
                <Text size="sm" fw={600}>
                  Status
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={8} role="group" aria-label="Status">
                  {statuses.length === 0 ? (
                    <Text size="sm" c="gray.7">
                      No status found
                    </Text>
                  ) : (
                    statuses.map((s) => (
                      <Checkbox
                        key={s.value}
                        label={s.label}
                        checked={draft.statuses.includes(s.value)}
                        onChange={(e) => setDraft((d) => ({ ...d, statuses: toggle(d.statuses, s.value, e.currentTarget.checked) }))}
                      />
                    ))
                  )}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={() => setDraft({ applicationIds: [], statuses: [] })}>
              Reset
            </Button>
            <Button
              size="sm"
              onClick={() => {
                // Keep the order of the options, whatever the order of the ticks.
                const order = new Map(applications.map((a, i) => [a.id, i]));
                onApply({
                  applicationIds: [...draft.applicationIds].sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0)),
                  statuses: REPORT_STATUSES.filter((s) => draft.statuses.includes(s)),
                });
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
