/**
 * Password input with the rules tooltip (console.md §4 "Password strength tooltip is visible while
 * any rule is unmet", §5 labels): the five PASSWORD_RULES (labels in the interface language), each ticked when met, shown while the
 * field is focused or filled and a rule fails. A popover beside the field on wide screens; inline
 * under it on narrow ones (a popover there would cover the next field).
 */
import { useState, type FocusEvent } from 'react';
import { Box, Group, List, Popover, Text, VisuallyHidden, type PasswordInputProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheckFilled, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '@pesan/contracts/auth-messages';
import { localizeMessage } from '../../../lib/i18n.ts';
import { AuthPasswordInput } from './auth-password-input.tsx';

/** The five rules with a tick or a cross for `password`. */
export function PasswordRulesList({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  return (
    <Box aria-live="polite">
      <Text size="sm" fw={600} mb={6}>
        {t('passwordRules.title')}
      </Text>
      <List spacing={4} size="sm" listStyleType="none">
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(password);
          return (
            <List.Item key={rule.key}>
              <Group gap={6} wrap="nowrap">
                {ok ? (
                  <IconCircleCheckFilled size={16} color="var(--mantine-color-green-8)" aria-hidden />
                ) : (
                  <IconCircleX size={16} color="var(--mantine-color-red-8)" aria-hidden />
                )}
                <Text size="sm" c={ok ? 'green.9' : 'gray.8'}>
                  {localizeMessage(rule.label)}
                  <VisuallyHidden>{ok ? t('passwordRules.met') : t('passwordRules.notMet')}</VisuallyHidden>
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

export type PasswordWithRulesProps = PasswordInputProps & { value?: string };

/** A password field (controlled: `value`) with the rules tooltip. */
export function PasswordWithRules({ value = '', onFocus, onBlur, ...props }: PasswordWithRulesProps) {
  const [focused, setFocused] = useState(false);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const failing = PASSWORD_RULES.some((r) => !r.test(value ?? ''));
  const show = failing && (focused || (value ?? '') !== '');
  const input = (
    <AuthPasswordInput
      {...props}
      value={value}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setFocused(false);
        onBlur?.(e);
      }}
    />
  );
  if (!wide) {
    return (
      <div>
        {input}
        {show && (
          <Box mt="xs" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
            <PasswordRulesList password={value ?? ''} />
          </Box>
        )}
      </div>
    );
  }
  return (
    <Popover opened={show} position="right" withArrow shadow="md" width={280} withRoles={false} trapFocus={false} returnFocus={false} transitionProps={{ duration: 0 }}>
      <Popover.Target>
        <div>{input}</div>
      </Popover.Target>
      <Popover.Dropdown>
        <PasswordRulesList password={value ?? ''} />
      </Popover.Dropdown>
    </Popover>
  );
}
