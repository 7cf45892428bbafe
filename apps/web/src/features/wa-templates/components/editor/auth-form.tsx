/**
 * The authentication template form (templates-dashboard-reports.md §2.5; issue 13): code delivery
 * (copy code, one-tap autofill with its autofill text, Android package name and signature hash,
 * zero-tap with the same and its terms), the button text (25 characters), and the message content,
 * which is WhatsApp's preset wording in the template's language with two options: 'Add security
 * recommendation' and 'Add expiry time for the code' (1–90 minutes, default 10).
 */
import { Checkbox, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { authBodyText, authFooterText, authTemplateTexts } from '@pesan/contracts/wa-template-languages';
import { WA_TEMPLATE_LIMITS as L, type OtpType } from '@pesan/contracts/wa-template-model';
import type { EditorBindings } from './editor-bindings.ts';
import type { AuthState } from './editor-state.ts';
import { BELOW, Counter, Section } from './fields.tsx';
import { templateLanguageName } from './language-name.ts';
import classes from './editor.module.css';

/** Code delivery choices; their label and description are `auth.delivery.<value>` in the catalogue. */
const DELIVERY: OtpType[] = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'];

/**
 * UI texts follow the interface language; the message content (authBodyText, authFooterText, the
 * default button texts) is the template's own wording in the template's language.
 */
export function AuthenticationForm({ state, update, error, disabled }: EditorBindings) {
  const { t } = useTranslation('wa-template-editor');
  const language = templateLanguageName(state.language);
  const a = state.auth;
  const texts = authTemplateTexts(state.language);
  const set = (patch: Partial<AuthState>, field: string) => update((s) => ({ ...s, auth: { ...s.auth, ...patch } }), `auth.${field}`);
  const apps = a.otpType !== 'COPY_CODE';
  return (
    <Stack gap="md">
      <Section id="auth-delivery" title={t('auth.delivery.title')} description={t('auth.delivery.description')}>
        <Radio.Group value={a.otpType} onChange={(v) => set({ otpType: v as OtpType }, 'otpType')} aria-label={t('auth.delivery.title')} name="code-delivery">
          <Stack gap="sm">
            {DELIVERY.map((d) => (
              <Radio key={d} value={d} label={t(`auth.delivery.${d}.label`)} description={t(`auth.delivery.${d}.description`)} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
        {apps ? (
          <Stack gap="xs">
            <TextInput
              label={t('auth.autofillText')}
              value={a.autofillText}
              maxLength={200}
              disabled={disabled}
              onChange={(e) => set({ autofillText: e.currentTarget.value }, 'autofillText')}
              inputWrapperOrder={BELOW}
              description={<Counter value={a.autofillText} max={L.buttonText} />}
              error={error('auth.autofillText')}
            />
            <TextInput
              label={t('auth.packageName')}
              placeholder="com.example.myapp"
              value={a.packageName}
              maxLength={L.packageName + 20}
              disabled={disabled}
              onChange={(e) => set({ packageName: e.currentTarget.value }, 'packageName')}
              inputWrapperOrder={BELOW}
              description={t('auth.packageNameHint')}
              error={error('auth.packageName')}
            />
            <TextInput
              label={t('auth.signatureHash')}
              placeholder="K8a/AINcGX7"
              value={a.signatureHash}
              maxLength={40}
              disabled={disabled}
              onChange={(e) => set({ signatureHash: e.currentTarget.value }, 'signatureHash')}
              inputWrapperOrder={BELOW}
              description={t('auth.signatureHashHint')}
              error={error('auth.signatureHash')}
            />
            {a.otpType === 'ZERO_TAP' ? (
              <Checkbox
                label={t('auth.zeroTapTerms')}
                checked={a.zeroTapTerms}
                disabled={disabled}
                onChange={(e) => set({ zeroTapTerms: e.currentTarget.checked }, 'zeroTapTerms')}
                error={error('auth.zeroTapTerms')}
              />
            ) : null}
          </Stack>
        ) : null}
        {error('auth.button') ? (
          <Text size="sm" c="red.8">
            {error('auth.button')}
          </Text>
        ) : null}
      </Section>

      <Section id="auth-button" title={t('auth.button.title')} description={apps ? t('auth.button.description') : undefined}>
        <TextInput
          label={apps ? t('auth.button.copyCodeLabel') : t('auth.button.label')}
          value={a.buttonText}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => set({ buttonText: e.currentTarget.value }, 'buttonText')}
          inputWrapperOrder={BELOW}
          description={<Counter value={a.buttonText} max={L.buttonText} hint={t('auth.button.defaultHint', { language, text: texts.copyCode })} />}
          error={error('auth.buttonText')}
        />
      </Section>

      <Section
        id="auth-content"
        title={t('auth.content.title')}
        description={t('auth.content.description', { language })}
      >
        <Text size="sm" bg="gray.0" p="xs" style={{ borderRadius: 6 }} lang={state.language.replace(/_/g, '-')}>
          {authBodyText(state.language, a.security)}
          {a.expiryOn ? (
            <>
              <br />
              <Text component="span" size="xs" c="gray.7">
                {authFooterText(state.language, a.expiry === '' ? L.codeExpiryDefault : a.expiry)}
              </Text>
            </>
          ) : null}
        </Text>
        <Checkbox
          label={t('auth.content.security')}
          description={<span lang={state.language.replace(/_/g, '-')}>{texts.security}</span>}
          checked={a.security}
          disabled={disabled}
          onChange={(e) => set({ security: e.currentTarget.checked }, 'security')}
          error={error('auth.security')}
        />
        <Checkbox
          label={t('auth.content.expiry')}
          description={t('auth.content.expiryHint')}
          checked={a.expiryOn}
          disabled={disabled}
          onChange={(e) => set({ expiryOn: e.currentTarget.checked }, 'expiry')}
        />
        {a.expiryOn ? (
          <NumberInput
            label={t('auth.content.expiresIn')}
            description={t('auth.content.expiresInHint', { min: L.codeExpiryMin, max: L.codeExpiryMax })}
            inputWrapperOrder={BELOW}
            min={L.codeExpiryMin}
            max={L.codeExpiryMax}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={a.expiry}
            disabled={disabled}
            onChange={(v) => set({ expiry: v === '' ? '' : Number(v) }, 'expiry')}
            error={error('auth.expiry')}
            className={classes.expiry}
          />
        ) : null}
      </Section>
    </Stack>
  );
}
