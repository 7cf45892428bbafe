/**
 * Building blocks of the editor's sections: the section card, character counters, the sample field
 * per variable (templates-dashboard-reports.md §2.4) and the 'Add variable' control (positional
 * {{n}} or named {{name}} per the template's parameter format).
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Popover, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParameterFormat } from '@pesan/contracts/wa-template-model';
import { variableNames } from '@pesan/contracts/wa-template-variables';
import { sanitizeVariableName } from './text-tools.ts';
import classes from './editor.module.css';

/** A titled card of the form. `id` names it for aria-labelledby. */
export function Section({ id, title, description, actions, children }: { id: string; title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" className={classes.section} component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 220px' }}>
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** 'n/max' (red when over), with an optional hint before it: for an input's description under it. */
export function Counter({ value, max, hint }: { value: string; max: number; hint?: ReactNode }) {
  const over = value.length > max;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" component="span">
      <span>{hint}</span>
      <Text component="span" size="xs" c={over ? 'red.8' : 'gray.7'} fw={over ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value.length}/{max}
      </Text>
    </Group>
  );
}

/** Inputs show their description (the counter) under the field, then the error. */
export const BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

export interface SampleFieldsProps {
  /** 'Header' or 'Body': names the fields ('Body sample for {{1}}'). */
  where: 'Header' | 'Body';
  text: string;
  samples: Record<string, string>;
  onChange: (name: string, value: string) => void;
  error: (name: string) => ReactNode | undefined;
}

/** A sample field per variable of `text` (§2.4 "a sample field per variable"), in order of first use. */
export function SampleFields({ where, text, samples, onChange, error }: SampleFieldsProps) {
  const { t } = useTranslation('wa-template-editor');
  const names = variableNames(text);
  if (!names.length) return null;
  return (
    <Stack gap="xs" role="group" aria-label={t(`samples.group${where}`)}>
      <Text size="sm" fw={500}>
        {t('samples.title')}
      </Text>
      <Text size="xs" c="gray.7" mt={-6}>
        {t('samples.hint')}
      </Text>
      {names.map((name) => (
        <TextInput
          key={name}
          label={t(`samples.label${where}`, { token: `{{${name}}}` })}
          placeholder={t('samples.placeholder', { token: `{{${name}}}` })}
          value={samples[name] ?? ''}
          maxLength={1024}
          onChange={(e) => onChange(name, e.currentTarget.value)}
          error={error(name)}
        />
      ))}
    </Stack>
  );
}

export interface AddVariableProps {
  format: ParameterFormat;
  /** The token a positional insert adds ('{{2}}'). */
  nextPositional: string;
  onInsert: (token: string) => void;
  disabled?: boolean;
  /** Names the control ('Add variable to header'); 'Add variable' when not given. */
  label?: string;
}

/**
 * 'Add variable': inserts the next numbered variable, or (named format) asks for the name first
 * (lower-case letters, digits and underscores).
 */
export function AddVariableButton({ format, nextPositional, onInsert, disabled, label }: AddVariableProps) {
  const { t } = useTranslation('wa-template-editor');
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const clean = sanitizeVariableName(name);
  const valid = clean !== '' && !/^[0-9]+$/.test(clean);
  const button = (onClick: () => void) => (
    <Button variant="light" size="xs" leftSection={<IconBraces size={14} aria-hidden />} onClick={onClick} disabled={disabled} aria-label={label ?? t('variable.add')}>
      {t('variable.add')}
    </Button>
  );
  if (format === 'POSITIONAL') return button(() => onInsert(nextPositional));
  const add = () => {
    if (!valid) return;
    onInsert(`{{${clean}}}`);
    setName('');
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus withinPortal>
      <Popover.Target>{button(() => setOpened((o) => !o))}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <TextInput
            label={t('variable.name')}
            description={t('variable.nameHint')}
            value={name}
            maxLength={64}
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            error={name && !valid ? t('variable.nameError') : undefined}
          />
          <Group justify="flex-end">
            <Button size="xs" onClick={add} disabled={!valid}>
              {t('variable.insert', { token: valid ? `{{${clean}}}` : '' })}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
