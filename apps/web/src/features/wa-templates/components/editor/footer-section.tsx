/**
 * The footer of a template (templates-dashboard-reports.md §5.3: 60 characters, no variables).
 * With a Marketing opt-out button the footer is that button's footer (§2.4: default 'Not
 * interested? Tap stop promotions' in English, 'Hentikan promosi' otherwise), edited here.
 */
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WA_TEMPLATE_LIMITS as L } from '@pesan/contracts/wa-template-model';
import type { EditorBindings } from './editor-bindings.ts';
import { BELOW, Counter, Section } from './fields.tsx';

export function FooterSection({ state, update, error, disabled }: EditorBindings) {
  const { t } = useTranslation('wa-template-editor');
  const optOut = [...state.quickReplies].find((b) => b.type === 'MARKETING_OPT_OUT');
  const value = optOut ? optOut.optOutFooter : state.footer;
  return (
    <Section id="footer" title={t('footer.title')} description={t('footer.description')}>
      <TextInput
        label={t('footer.text')}
        value={value}
        maxLength={4096}
        disabled={disabled}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (optOut) update((s) => ({ ...s, quickReplies: s.quickReplies.map((b) => (b.id === optOut.id ? { ...b, optOutFooter: v } : b)) }), 'footer');
          else update((s) => ({ ...s, footer: v }), 'footer');
        }}
        inputWrapperOrder={BELOW}
        description={<Counter value={value} max={L.footer} hint={optOut ? t('footer.optOutHint') : undefined} />}
        error={error('footer')}
      />
    </Section>
  );
}
