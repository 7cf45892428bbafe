/**
 * Audit entries (ARCHITECTURE.md §5.1): Time (in the organization's zone, as Monitoring shows
 * times), Actor e-mail, Action, Target, IP, Device (the user agent shortened; the full one on
 * hover) and Details. A table from 48em up, cards below (at 375 px nothing scrolls sideways).
 */
import type { ReactNode } from 'react';
import { Badge, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AuditEntry } from '@pesan/contracts/teams';
import { DataTable } from '../../../components/data-table.tsx';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { formatDetails } from '../utils/details.ts';
import { shortenUserAgent } from '../utils/user-agent.ts';
import { AUDIT_PAGE_SIZE } from '../api/list-audit-log.ts';

export const AUDIT_CARDS_QUERY = '(max-width: 47.99em)';

export interface AuditLogTableProps {
  rows: AuditEntry[] | undefined;
  loading: boolean;
  stale?: boolean;
}

/** Failed sign-ins and removals in red, 2FA and roles in violet, the rest in blue. */
const actionColor = (a: string) => (a.endsWith('_failed') || a.endsWith('deleted') || a.endsWith('removed') || a.endsWith('revoked') ? 'red' : a.startsWith('auth.') ? 'violet' : 'blue');

export function ActionBadge({ action }: { action: string }) {
  const { t } = useTranslation('audit-log');
  return (
    <Badge variant="light" color={actionColor(action)} tt="none" radius="sm" styles={{ root: { maxWidth: 'none', height: 'auto', paddingBlock: 2 }, label: { overflow: 'visible', whiteSpace: 'normal', color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}>
      {t(`actions.${action}`, { defaultValue: action })}
    </Badge>
  );
}

function Device({ ua }: { ua: string }) {
  const { t } = useTranslation('audit-log');
  const short = shortenUserAgent(ua);
  if (!short) return <Text size="sm" c="gray.7">{t('table.unknownDevice')}</Text>;
  const text = short.os ? t('table.on', { browser: short.browser, os: short.os }) : short.browser;
  return (
    <Tooltip label={ua} multiline w={320} withArrow>
      <Text size="sm" component="span" tabIndex={0} aria-label={`${text} (${ua})`}>
        {text}
      </Text>
    </Tooltip>
  );
}

/** The target's kind in the interface language (its code when unknown), or null. */
const targetType = (e: AuditEntry, t: TFunction<'audit-log'>): string | null => (e.target.type ? t(`targetTypes.${e.target.type}`, { defaultValue: e.target.type }) : null);

/** 'Invitation: rina@…' — the target's kind and its name or id. */
function targetText(e: AuditEntry, t: TFunction<'audit-log'>): string {
  const name = e.target.name ?? e.target.id;
  if (!name) return '—';
  const type = targetType(e, t);
  return type ? `${type}: ${name}` : name;
}

/** The target in a table cell: its kind small above its name. */
function TargetCell({ e }: { e: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  const name = e.target.name ?? e.target.id;
  const type = targetType(e, t);
  if (!name) return <>—</>;
  return (
    <>
      {type ? (
        <Text size="xs" c="gray.7" component="span" display="block">
          {type}
        </Text>
      ) : null}
      <Text size="sm" component="span" display="block" style={{ overflowWrap: 'break-word' }}>
        {name}
      </Text>
    </>
  );
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Text size="xs" c="gray.7" style={{ whiteSpace: 'pre-line' }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export function AuditLogTable({ rows, loading, stale }: AuditLogTableProps) {
  const { t } = useTranslation('audit-log');
  const narrow = useMediaQuery(AUDIT_CARDS_QUERY, window.matchMedia?.(AUDIT_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });
  const actor = (e: AuditEntry) => e.actor.email || t('table.system');

  if (narrow) {
    if (loading && !rows)
      return (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={140} radius="md" />
          ))}
        </Stack>
      );
    return (
      <Stack component="ul" gap="xs" aria-label={t('table.label')} style={{ listStyle: 'none', padding: 0, margin: 0, opacity: stale ? 0.6 : 1 }}>
        {(rows ?? []).map((e) => (
          <li key={e.id}>
            <Paper withBorder radius="md" p="sm" component="article" aria-label={`${t(`actions.${e.action}`, { defaultValue: e.action })}, ${formatTableDateTime(e.at)}`}>
              <Stack gap="xs">
                <ActionBadge action={e.action} />
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                  <Field label={withTimeZoneNote(t('table.time'))}>{formatTableDateTime(e.at)}</Field>
                  <Field label={t('table.actor')}>{actor(e)}</Field>
                  <Field label={t('table.target')}>{targetText(e, t)}</Field>
                  <Field label={t('table.ip')}>{e.ip || '—'}</Field>
                  <Field label={t('table.device')} wide>
                    <Device ua={e.user_agent} />
                  </Field>
                  {formatDetails(e.details) ? (
                    <Field label={t('table.details')} wide>
                      {formatDetails(e.details)}
                    </Field>
                  ) : null}
                </SimpleGrid>
              </Stack>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <DataTable
      label={t('table.label')}
      columns={[withTimeZoneNote(t('table.time')), t('table.actor'), t('table.action'), t('table.target'), t('table.ip'), t('table.device'), t('table.details')]}
      rows={rows}
      loading={loading}
      stale={stale}
      minWidth={1040}
      skeletonRows={Math.min(AUDIT_PAGE_SIZE, 8)}
      skeletonTestId="audit-skeleton"
      renderRow={(e) => (
        <Table.Tr key={e.id} data-testid="audit-row">
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTableDateTime(e.at)}</Table.Td>
          <Table.Td style={{ overflowWrap: 'break-word', minWidth: 200, maxWidth: 260 }}>{actor(e)}</Table.Td>
          <Table.Td style={{ minWidth: 150 }}>
            <ActionBadge action={e.action} />
          </Table.Td>
          <Table.Td style={{ minWidth: 200, maxWidth: 260 }}>
            <TargetCell e={e} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.ip || '—'}</Table.Td>
          <Table.Td>
            <Device ua={e.user_agent} />
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 140, maxWidth: 240 }}>
            <Text size="sm" c="gray.8">
              {formatDetails(e.details) || '—'}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
