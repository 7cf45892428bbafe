/**
 * The "Verify" card of the application detail page (issue 27; ARCHITECTURE.md §6.4): the countries
 * Verify sends codes to, "Any country" or "Only these countries" with a searchable list of
 * countries (named in the interface language, utils/countries.ts), saved with PUT
 * verify-settings (a success toast; the server's 400 message under the list); and, read-only, the
 * verifications allowed per minute (Pesan operations set it). Without `applications.edit` the
 * setting shows disabled with a hint (the server refuses the save anyway).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, MultiSelect, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import type { VerifySettings } from '@pesan/contracts/verify-console';
import type { UiLanguage } from '@pesan/contracts/ui-language';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { focusFirstInvalid } from '../../../lib/form-submit.ts';
import { currentLanguage, localizeMessage } from '../../../lib/i18n.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useVerifySettings, verifySettingsQueryOptions } from '../api/get-verify-settings.ts';
import { useUpdateVerifySettings } from '../api/update-verify-settings.ts';
import { loadCountryOptions, namedCountries } from '../utils/countries.ts';

type Mode = 'any' | 'only';

/** Marks the "choose a country" error in the form's state (worded at render, so it follows the language). */
const NONE_CHOSEN = '\u0000none';

/** The country names of the 'Only these countries' list, in `lang` (loaded on demand, kept for the session). */
const countryOptionsQuery = (lang: UiLanguage) => queryOptions({ queryKey: ['countries', lang], queryFn: () => loadCountryOptions(lang), staleTime: Infinity });

/**
 * Loads what the card shows for `applicationId` into the cache (its settings and the country
 * names), so it can render with them at once (the detail page's DeferredSection `prepare`).
 */
export function prefetchVerifySettingsCard(queryClient: QueryClient, applicationId: string): Promise<unknown> {
  return Promise.all([queryClient.ensureQueryData(verifySettingsQueryOptions(applicationId)), queryClient.ensureQueryData(countryOptionsQuery(currentLanguage()))]);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((c, i) => c === [...b].sort()[i]);

function SettingsForm({ applicationId, settings }: { applicationId: string; settings: VerifySettings }) {
  const { t } = useTranslation('applications');
  const canEdit = useCan()('applications.edit');
  const update = useUpdateVerifySettings();
  const lang = currentLanguage();
  const countries = useQuery(countryOptionsQuery(lang));
  const [mode, setMode] = useState<Mode>(settings.allowed_countries ? 'only' : 'any');
  const [chosen, setChosen] = useState<string[]>(settings.allowed_countries ?? []);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  // The saved settings changed (a save, a refetch): show them.
  useEffect(() => {
    setMode(settings.allowed_countries ? 'only' : 'any');
    setChosen(settings.allowed_countries ?? []);
  }, [settings.allowed_countries]);

  const saved = settings.allowed_countries;
  const unchanged = mode === 'any' ? saved === null : saved !== null && sameList(saved, chosen);
  // Until the whole list loads, the chosen countries are still shown by name.
  const options = countries.data ?? namedCountries(chosen, lang);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!canEdit || unchanged) return;
    if (mode === 'only' && chosen.length === 0) {
      setError(NONE_CHOSEN);
      focusFirstInvalid(form);
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ applicationId, allowed_countries: mode === 'any' ? null : chosen });
      toastSuccess(t('verifySettings.saved'));
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldMessage('allowed_countries') ?? (err.status === 400 ? err.message : undefined)) : undefined;
      if (message) {
        setError(message);
        focusFirstInvalid(form);
      } else toastApiError(err);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('verifySettings.formLabel')}>
      <Stack gap="sm">
        <Radio.Group
          label={t('verifySettings.countriesLabel')}
          description={t('verifySettings.countriesDescription')}
          value={mode}
          onChange={(v) => {
            setMode(v as Mode);
            setError(null);
          }}
        >
          <Group gap="lg" mt="xs">
            <Radio value="any" label={t('verifySettings.any')} disabled={!canEdit} aria-describedby={canEdit ? undefined : hintId} />
            <Radio value="only" label={t('verifySettings.only')} disabled={!canEdit} aria-describedby={canEdit ? undefined : hintId} />
          </Group>
        </Radio.Group>
        <MultiSelect
          label={t('verifySettings.listLabel')}
          placeholder={chosen.length ? undefined : t('verifySettings.listPlaceholder')}
          data={options}
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            if (error) setError(null);
          }}
          searchable
          clearable={canEdit}
          hidePickedOptions
          nothingFoundMessage={countries.isPending ? t('verifySettings.loadingCountries') : t('verifySettings.noCountryFound')}
          disabled={!canEdit || mode === 'any'}
          error={error === NONE_CHOSEN ? t('verifySettings.noneChosen') : error ? localizeMessage(error) : undefined}
          maxDropdownHeight={260}
          maw={640}
          aria-describedby={canEdit ? undefined : hintId}
        />
        {canEdit ? (
          <Group>
            <Button type="submit" loading={update.isPending} disabled={unchanged}>
              {t('verifySettings.save')}
            </Button>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-gray-7)' }} />
            <Text size="sm" c="gray.7" id={hintId}>
              {t('verifySettings.readOnlyHint')}
            </Text>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function VerifySettingsCard({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('applications');
  const settings = useVerifySettings(applicationId);
  const titleId = useId();
  const data = settings.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} data-testid="verify-settings">
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('verifySettings.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('verifySettings.intro')}
        </Text>
        {data ? (
          <>
            <SettingsForm applicationId={applicationId} settings={data} />
            <Divider />
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('verifySettings.perMinuteLabel')}
              </Text>
              <Text size="sm" data-testid="verify-per-minute">
                {t(data.per_minute_is_default ? 'verifySettings.perMinuteDefault' : 'verifySettings.perMinuteSet', { count: data.per_minute, n: formatNumber(data.per_minute) })}
              </Text>
            </Stack>
          </>
        ) : settings.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{settings.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => void settings.refetch()} loading={settings.isFetching}>
                {t('verifySettings.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="sm" aria-busy="true" aria-label={t('verifySettings.loading')}>
            <Skeleton height={48} maw={320} />
            <Skeleton height={56} maw={640} />
            <Skeleton height={20} maw={240} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
