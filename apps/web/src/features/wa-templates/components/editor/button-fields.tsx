/**
 * The fields of one button of the standard form, per kind (templates-dashboard-reports.md §2.4):
 * quick reply (text), marketing opt-out (text and the terms checkbox; its footer is the template's
 * footer), call phone number (text, country and number, stored E.164), visit website (text, static
 * or dynamic URL, the sample URL of a dynamic one), copy promo code (text and the sample code, 15
 * characters). Button text 25 characters (§5.3).
 */
import { Checkbox, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WA_TEMPLATE_LIMITS as L } from '@pesan/contracts/wa-template-model';
import type { EditorButton } from './editor-state.ts';
import { BELOW, Counter } from './fields.tsx';
import { countryOptions, dialCode } from './phone.ts';
import classes from './editor.module.css';

export interface ButtonFieldsProps {
  button: EditorButton;
  /** 'Button 2 (Visit website)': names the fields for assistive technology. */
  label: string;
  onChange: (patch: Partial<EditorButton>, field: string) => void;
  error: (field: string) => React.ReactNode | undefined;
  disabled?: boolean;
}

const DYNAMIC_SUFFIX = '{{1}}';

export function ButtonFields({ button: b, onChange, error, disabled }: ButtonFieldsProps) {
  const { t } = useTranslation('wa-template-editor');
  return (
    <Stack gap="xs">
      <TextInput
        label={t('buttonFields.text')}
        value={b.text}
        maxLength={200}
        disabled={disabled}
        onChange={(e) => onChange({ text: e.currentTarget.value }, 'text')}
        inputWrapperOrder={BELOW}
        description={<Counter value={b.text} max={L.buttonText} />}
        error={error('text')}
      />
      {b.type === 'URL' ? (
        <>
          <SegmentedControl
            aria-label={t('buttonFields.urlType')}
            size="xs"
            w="fit-content"
            disabled={disabled}
            data={[
              { value: 'static', label: t('buttonFields.static') },
              { value: 'url_dynamic', label: t('buttonFields.dynamic') },
            ]}
            value={b.urlType}
            onChange={(v) => {
              const urlType = v as EditorButton['urlType'];
              // A dynamic URL ends with its one variable {{1}} (§5.3).
              const base = b.url.endsWith(DYNAMIC_SUFFIX) ? b.url.slice(0, -DYNAMIC_SUFFIX.length) : b.url;
              onChange({ urlType, url: urlType === 'url_dynamic' ? `${base}${DYNAMIC_SUFFIX}` : base }, 'url');
            }}
          />
          <TextInput
            label={t('buttonFields.websiteUrl')}
            placeholder={b.urlType === 'url_dynamic' ? 'https://shop.example.com/orders/{{1}}' : 'https://www.example.com'}
            value={b.url}
            maxLength={L.url + 100}
            inputMode="url"
            disabled={disabled}
            onChange={(e) => onChange({ url: e.currentTarget.value }, 'url')}
            inputWrapperOrder={BELOW}
            description={
              <Counter
                value={b.url}
                max={L.url}
                hint={b.urlType === 'url_dynamic' ? t('buttonFields.dynamicHint', { token: DYNAMIC_SUFFIX }) : t('buttonFields.staticHint')}
              />
            }
            error={error('url')}
          />
          {b.urlType === 'url_dynamic' ? (
            <TextInput
              label={t('buttonFields.sampleUrl')}
              placeholder="https://shop.example.com/orders/12345"
              description={t('buttonFields.sampleUrlHint', { token: DYNAMIC_SUFFIX })}
              inputWrapperOrder={BELOW}
              value={b.sampleUrl}
              maxLength={L.url + 100}
              inputMode="url"
              disabled={disabled}
              onChange={(e) => onChange({ sampleUrl: e.currentTarget.value }, 'sampleUrl')}
              error={error('sampleUrl')}
            />
          ) : null}
        </>
      ) : null}
      {b.type === 'PHONE_NUMBER' ? (
        <Stack gap={4}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select
              label={t('buttonFields.country')}
              data={countryOptions().map((c) => ({ value: c.value, label: c.label }))}
              value={b.country}
              searchable
              allowDeselect={false}
              disabled={disabled}
              onChange={(v) => v && onChange({ country: v }, 'phone')}
              className={classes.country}
              nothingFoundMessage={t('buttonFields.noCountry')}
            />
            <TextInput
              label={t('buttonFields.phone')}
              placeholder="812 3456 7890"
              value={b.phone}
              maxLength={30}
              inputMode="tel"
              disabled={disabled}
              leftSection={
                <Text size="sm" c="gray.7">
                  {dialCode(b.country)}
                </Text>
              }
              leftSectionWidth={52}
              onChange={(e) => onChange({ phone: e.currentTarget.value }, 'phone')}
              error={error('phone')}
              style={{ flex: '1 1 180px' }}
            />
          </Group>
        </Stack>
      ) : null}
      {b.type === 'COPY_CODE' ? (
        <TextInput
          label={t('buttonFields.promoCode')}
          placeholder="SALE25"
          value={b.promoCode}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => onChange({ promoCode: e.currentTarget.value }, 'promoCode')}
          inputWrapperOrder={BELOW}
          description={<Counter value={b.promoCode} max={L.promoCode} hint={t('buttonFields.promoCodeHint')} />}
          error={error('promoCode')}
        />
      ) : null}
      {b.type === 'MARKETING_OPT_OUT' ? (
        <Stack gap={4}>
          <Text size="xs" c="gray.7">
            {t('buttonFields.optOutNote')}
          </Text>
          <Checkbox
            label={t('buttonFields.optOutTerms')}
            checked={b.termCondition}
            disabled={disabled}
            onChange={(e) => onChange({ termCondition: e.currentTarget.checked }, 'terms')}
            error={error('terms')}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
