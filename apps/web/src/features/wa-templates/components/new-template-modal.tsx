/**
 * The New Whatsapp Template modal (templates-dashboard-reports.md §2.3, §5.1, §5.2, §9): Template
 * Name (sanitised as typed: spaces to underscores, other characters dropped, lower case; at most
 * 512 characters with a counter; its availability in the chosen application is checked 500 ms
 * after typing stops, 'Template name is already used. Please use other template name!' when
 * taken), Application (the organization's applications, the first by default: a template belongs
 * to an application), Language (single select with search over every language Meta supports, by
 * name or code; the names in the interface language, Meta's English names in English, the code beside
 * each), Category as radio cards (Marketing, Utility, Authentication with their meanings)
 * with 'Learn more about categories' (the explanation modal of §2.3: the three meanings, and a link
 * to Meta's help page inside it; it opens over this one, Esc closes it alone), Cancel and Continue. Continue
 * shows 'Template Name is required', 'Category is required', 'Language is required' for what is
 * missing, goes ahead only when the name is free (checking it at once if the 500 ms have not
 * passed), and hands the choice over (the page opens the create form with it as navigation state).
 */
import { useEffect, useMemo, useState } from 'react';
import { Anchor, Button, Group, Loader, Modal, Radio, Select, Stack, Text, TextInput, VisuallyHidden, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageName, type WaLanguageCode } from '@pesan/contracts/wa-template-languages';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { TEMPLATE_CATEGORY_OPTIONS, WA_TEMPLATE_LIMITS, sanitizeTemplateName, type TemplateCategory } from '@pesan/contracts/wa-template-model';
import { toastApiError } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import type { TemplateApplication } from '../api/list-template-applications.ts';
import { useTemplateNameCheck } from '../hooks/use-template-name-check.ts';
import { templateCategoryDescription, templateCategoryText, templateLanguageOptions } from '../utils/labels.ts';
import { submitForm } from '../../../lib/form-submit.ts';

/** Title (and accessible name) of the modal in English (shown through the catalogue's `newTemplate.title`). */
export const NEW_TEMPLATE_MODAL_TITLE = 'New Whatsapp Template';

/** Meta's help page on template categories (linked from the categories explanation modal). */
export const META_CATEGORIES_URL = 'https://www.facebook.com/business/help/2055875911147364';

/** Message of a missing application (ours: the spec's modal has the application implicit; shown through the catalogue's `newTemplate.applicationRequired`). */
export const APPLICATION_REQUIRED = 'Application is required';

/**
 * What Continue hands over, and what the create form receives as navigation state (§2.1: "Create
 * mode receives the chosen template name, category, language and application id").
 */
export interface NewTemplateNavigationState {
  template_name: string;
  template_category: TemplateCategory;
  language: WaLanguageCode;
  application_id: string;
}

interface FormValues {
  template_name: string;
  application_id: string | null;
  language: string | null;
  template_category: TemplateCategory | null;
}

/**
 * Language search: the name (as shown, or Meta's English name) or the code contains the text
 * (case-insensitive; '_' or '-' alike).
 */
export const languageFilter: OptionsFilter = ({ options, search }) => {
  const q = search.trim().toLowerCase();
  if (!q) return options;
  const code = q.replace(/-/g, '_');
  return (options as ComboboxItem[]).filter((o) => o.label.toLowerCase().includes(q) || languageName(o.value).toLowerCase().includes(q) || o.value.toLowerCase().includes(code));
};

/** A form message in the interface language: ours from the catalogue, the contracts' through localizeMessage. */
function useShownError(): (message: unknown) => string | undefined {
  const { t } = useTranslation('wa-templates');
  return (message) => (typeof message !== 'string' || !message ? undefined : message === APPLICATION_REQUIRED ? t('newTemplate.applicationRequired') : localizeMessage(message));
}

/** The submit-time messages of §5.2 (and the application's), or {} when everything is chosen. */
export function validateNewTemplate(v: FormValues): Partial<Record<keyof FormValues, string>> {
  const errors: Partial<Record<keyof FormValues, string>> = {};
  if (!v.template_name) errors.template_name = M.nameRequired;
  if (!v.application_id) errors.application_id = APPLICATION_REQUIRED;
  if (!v.language) errors.language = M.languageRequired;
  if (!v.template_category) errors.template_category = M.categoryRequired;
  return errors;
}

export interface NewTemplateModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization's applications (undefined while they load). */
  applications: readonly TemplateApplication[] | undefined;
  onContinue: (state: NewTemplateNavigationState) => void;
}

function NewTemplateForm({ applications, onClose, onContinue, onLearnMore }: Omit<NewTemplateModalProps, 'opened'> & { onLearnMore: () => void }) {
  const { t, i18n } = useTranslation('wa-templates');
  const shown = useShownError();
  // The languages' names follow the interface language.
  const languageOptions = useMemo(() => templateLanguageOptions(), [i18n.language]);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { template_name: '', application_id: null, language: null, template_category: null },
    validate: (v) => validateNewTemplate(v),
    validateInputOnChange: false,
  });
  const { values } = form;
  const [submitting, setSubmitting] = useState(false);
  const check = useTemplateNameCheck({ name: values.template_name, applicationId: values.application_id });

  // The first application by default.
  useEffect(() => {
    if (applications?.[0] && !form.getValues().application_id) form.setFieldValue('application_id', applications[0].id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applications]);

  const nameError = shown(form.errors.template_name ?? (check.state === 'taken' ? M.nameTaken : undefined));

  const submit = submitForm(form, async (v) => {
    setSubmitting(true);
    try {
      const free = await check.checkNow();
      if (!free) {
        form.setFieldError('template_name', M.nameTaken);
        return;
      }
      onContinue({ template_name: v.template_name, template_category: v.template_category!, language: v.language as WaLanguageCode, application_id: v.application_id! });
    } catch (err) {
      toastApiError(err);
    } finally {
      setSubmitting(false);
    }
  });

  const nameRight =
    check.state === 'checking' ? (
      <Loader size={16} aria-label={t('newTemplate.checkingName')} />
    ) : check.state === 'available' ? (
      <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-label={t('newTemplate.nameAvailable')} role="img" />
    ) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('newTemplate.nameLabel')}
          placeholder={t('newTemplate.namePlaceholder')}
          withAsterisk
          data-autofocus
          value={values.template_name}
          onChange={(e) => {
            form.setFieldValue('template_name', sanitizeTemplateName(e.currentTarget.value).slice(0, WA_TEMPLATE_LIMITS.name));
            form.clearFieldError('template_name');
          }}
          error={nameError}
          rightSection={nameRight}
          description={`${values.template_name.length}/${WA_TEMPLATE_LIMITS.name}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
        />
        <Select
          label={t('newTemplate.applicationLabel')}
          placeholder={applications ? t('newTemplate.applicationPlaceholder') : t('newTemplate.loading')}
          withAsterisk
          data={(applications ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={values.application_id}
          onChange={(v) => {
            form.setFieldValue('application_id', v);
            form.clearFieldError('application_id');
          }}
          error={shown(form.errors.application_id)}
          searchable={(applications?.length ?? 0) > 8}
          nothingFoundMessage={t('newTemplate.noApplicationFound')}
          allowDeselect={false}
        />
        <Select
          label={t('newTemplate.languageLabel')}
          placeholder={t('newTemplate.languagePlaceholder')}
          withAsterisk
          searchable
          data={languageOptions}
          filter={languageFilter}
          value={values.language}
          onChange={(v) => {
            form.setFieldValue('language', v);
            form.clearFieldError('language');
          }}
          error={shown(form.errors.language)}
          nothingFoundMessage={t('newTemplate.noLanguageFound')}
          maxDropdownHeight={260}
          renderOption={({ option }) => (
            <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
              <span>{option.label}</span>
              <Text span size="xs" c="gray.7" ff="monospace">
                {option.value}
              </Text>
            </Group>
          )}
        />
        <Radio.Group
          label={t('newTemplate.categoryLabel')}
          withAsterisk
          value={values.template_category}
          onChange={(v) => {
            form.setFieldValue('template_category', v as TemplateCategory);
            form.clearFieldError('template_category');
          }}
          error={shown(form.errors.template_category)}
          description={
            <Anchor component="button" type="button" size="xs" inline onClick={onLearnMore} aria-haspopup="dialog">
              {t('newTemplate.learnMore')}
            </Anchor>
          }
          inputWrapperOrder={['label', 'description', 'input', 'error']}
        >
          <Stack gap="xs" mt={6}>
            {TEMPLATE_CATEGORY_OPTIONS.map((o) => (
              <Radio.Card key={o.value} value={o.value} radius="md" p="sm" styles={{ card: { borderColor: values.template_category === o.value ? 'var(--mantine-color-blue-8)' : undefined } }}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text size="sm" fw={700}>
                      {templateCategoryText(o.value)}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {templateCategoryDescription(o.value)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('newTemplate.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('newTemplate.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The 'Learn more about categories' explanation (§2.3): each category with its meaning, in the
 * interface language, and Meta's help page (new tab). A Mantine modal: titled, focus kept inside,
 * Esc or Close closes it and focus goes back to the link that opened it.
 */
export function TemplateCategoriesModal({ opened, onClose, stackId }: { opened: boolean; onClose: () => void; stackId?: string }) {
  const { t } = useTranslation('wa-templates');
  return (
    <Modal stackId={stackId} opened={opened} onClose={onClose} title={t('categoriesHelp.title')} size="md" centered closeButtonProps={{ 'aria-label': t('newTemplate.close') }} styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="sm">
        <Text size="sm">{t('categoriesHelp.intro')}</Text>
        <Stack component="dl" gap="xs" m={0}>
          {TEMPLATE_CATEGORY_OPTIONS.map((o) => (
            <div key={o.value}>
              <Text component="dt" size="sm" fw={700}>
                {templateCategoryText(o.value)}
              </Text>
              <Text component="dd" size="sm" c="gray.7" m={0}>
                {templateCategoryDescription(o.value)}
              </Text>
            </div>
          ))}
        </Stack>
        <Text size="sm">{t('categoriesHelp.review')}</Text>
        <Anchor href={META_CATEGORIES_URL} target="_blank" rel="noopener noreferrer" size="sm">
          {t('categoriesHelp.metaGuide')} <IconExternalLink size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
          <VisuallyHidden>{t('newTemplate.newTab')}</VisuallyHidden>
        </Anchor>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('newTemplate.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The modal (its form starts empty each time it opens); the categories explanation opens over it. */
export function NewTemplateModal({ opened, onClose, applications, onContinue }: NewTemplateModalProps) {
  const { t } = useTranslation('wa-templates');
  const [help, setHelp] = useState(false);
  useEffect(() => {
    if (!opened) setHelp(false);
  }, [opened]);
  return (
    <Modal.Stack>
      <Modal
        stackId="new-template"
        opened={opened}
        onClose={onClose}
        title={t('newTemplate.title')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('newTemplate.close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <NewTemplateForm applications={applications} onClose={onClose} onContinue={onContinue} onLearnMore={() => setHelp(true)} />
      </Modal>
      <TemplateCategoriesModal stackId="template-categories" opened={opened && help} onClose={() => setHelp(false)} />
    </Modal.Stack>
  );
}
