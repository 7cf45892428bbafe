/**
 * The authentication template form (templates-dashboard-reports.md §2.5; issue 13): code delivery
 * (copy code, one-tap autofill with its autofill text, Android package name and signature hash,
 * zero-tap with the same and its terms), the button text (25 characters), and the message content,
 * which is WhatsApp's preset wording in the template's language with two options: 'Add security
 * recommendation' and 'Add expiry time for the code' (1–90 minutes, default 10).
 */
import { Checkbox, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { authBodyText, authFooterText, authTemplateTexts, languageName } from '@pesan/contracts/wa-template-languages';
import { WA_TEMPLATE_LIMITS as L, type OtpType } from '@pesan/contracts/wa-template-model';
import type { EditorBindings } from './editor-bindings.ts';
import type { AuthState } from './editor-state.ts';
import { BELOW, Counter, Section } from './fields.tsx';

const DELIVERY: { value: OtpType; label: string; description: string }[] = [
  { value: 'COPY_CODE', label: 'Copy code', description: 'Customers copy the code and paste it into your app or website.' },
  {
    value: 'ONE_TAP',
    label: 'One-tap autofill',
    description: 'Customers tap a button and your Android app fills in the code. Where autofill is not possible, the button copies the code.',
  },
  {
    value: 'ZERO_TAP',
    label: 'Zero-tap',
    description: 'Your Android app receives the code without a tap. Where that is not possible, one-tap autofill or copy code is used.',
  },
];

export function AuthenticationForm({ state, update, error, disabled }: EditorBindings) {
  const a = state.auth;
  const texts = authTemplateTexts(state.language);
  const set = (patch: Partial<AuthState>, field: string) => update((s) => ({ ...s, auth: { ...s.auth, ...patch } }), `auth.${field}`);
  const apps = a.otpType !== 'COPY_CODE';
  return (
    <Stack gap="md">
      <Section id="auth-delivery" title="Code delivery" description="How customers get the one-time password into your app.">
        <Radio.Group value={a.otpType} onChange={(v) => set({ otpType: v as OtpType }, 'otpType')} aria-label="Code delivery" name="code-delivery">
          <Stack gap="sm">
            {DELIVERY.map((d) => (
              <Radio key={d.value} value={d.value} label={d.label} description={d.description} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
        {apps ? (
          <Stack gap="xs">
            <TextInput
              label="Autofill button text"
              value={a.autofillText}
              maxLength={200}
              disabled={disabled}
              onChange={(e) => set({ autofillText: e.currentTarget.value }, 'autofillText')}
              inputWrapperOrder={BELOW}
              description={<Counter value={a.autofillText} max={L.buttonText} />}
              error={error('auth.autofillText')}
            />
            <TextInput
              label="Package name"
              placeholder="com.example.myapp"
              value={a.packageName}
              maxLength={L.packageName + 20}
              disabled={disabled}
              onChange={(e) => set({ packageName: e.currentTarget.value }, 'packageName')}
              inputWrapperOrder={BELOW}
              description="Your Android app's package name."
              error={error('auth.packageName')}
            />
            <TextInput
              label="App signature hash"
              placeholder="K8a/AINcGX7"
              value={a.signatureHash}
              maxLength={40}
              disabled={disabled}
              onChange={(e) => set({ signatureHash: e.currentTarget.value }, 'signatureHash')}
              inputWrapperOrder={BELOW}
              description="The 11-character hash of your app's signing key."
              error={error('auth.signatureHash')}
            />
            {a.otpType === 'ZERO_TAP' ? (
              <Checkbox
                label="I understand that zero-tap delivers the code to my app without the customer tapping, and that my business is responsible for using it as WhatsApp's Business Terms of Service require."
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

      <Section id="auth-button" title="Button text" description={apps ? 'Shown when the code cannot be filled in automatically.' : undefined}>
        <TextInput
          label={apps ? 'Copy code button text' : 'Button text'}
          value={a.buttonText}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => set({ buttonText: e.currentTarget.value }, 'buttonText')}
          inputWrapperOrder={BELOW}
          description={<Counter value={a.buttonText} max={L.buttonText} hint={`Default in ${languageName(state.language)}: ${texts.copyCode}`} />}
          error={error('auth.buttonText')}
        />
      </Section>

      <Section
        id="auth-content"
        title="Message content"
        description={`WhatsApp writes authentication messages in ${languageName(state.language)}; the wording cannot be changed. Add the options below.`}
      >
        <Text size="sm" bg="gray.0" p="xs" style={{ borderRadius: 6 }}>
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
          label="Add security recommendation"
          description={texts.security}
          checked={a.security}
          disabled={disabled}
          onChange={(e) => set({ security: e.currentTarget.checked }, 'security')}
          error={error('auth.security')}
        />
        <Checkbox
          label="Add expiry time for the code"
          description="The footer tells customers how long the code can be used."
          checked={a.expiryOn}
          disabled={disabled}
          onChange={(e) => set({ expiryOn: e.currentTarget.checked }, 'expiry')}
        />
        {a.expiryOn ? (
          <NumberInput
            label="Expires in (minutes)"
            description={`${L.codeExpiryMin} to ${L.codeExpiryMax} minutes.`}
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
            w={{ base: '100%', xs: 200 }}
          />
        ) : null}
      </Section>
    </Stack>
  );
}
