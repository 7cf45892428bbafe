/**
 * Buttons of the standard form (templates-dashboard-reports.md §2.4 newer form, §5.3): two sections,
 * Call to action and Quick reply, each a list of buttons; the 'Add button' menu offers every kind,
 * each disabled with its reason while addButtonRule refuses it (last button of its section without
 * text, 10 buttons, the kind's maximum, opt-out outside marketing) and with buttonOptionHint's hint;
 * buttons are reordered by drag and drop (pointer or keyboard: Space, arrows, Space) or Move up /
 * Move down; a switch puts the quick replies first or last.
 */
import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { buttonSection, type ButtonSection } from '@pesan/contracts/wa-template-console';
import { BUTTON_KIND_LABELS, addButtonRule, buttonOptionHint } from '@pesan/contracts/wa-template-rules';
import { localizeMessage } from '../../../../lib/i18n.ts';
import { ButtonFields } from './button-fields.tsx';
import type { EditorBindings } from './editor-bindings.ts';
import { orderedButtons, withButtonAdded, withButtonRemoved, type EditorButton, type EditorButtonType, type EditorState } from './editor-state.ts';
import { Section } from './fields.tsx';

// Section titles are `buttons.section.<section>`, the menu's group labels `buttons.menuSection.<section>`,
// button kinds `buttons.kind.<kind>` (Meta's names, as its Indonesian WhatsApp Manager shows them).
const MENU: { section: ButtonSection; kinds: EditorButtonType[] }[] = [
  { section: 'quick_reply', kinds: ['QUICK_REPLY', 'MARKETING_OPT_OUT'] },
  { section: 'cta', kinds: ['URL', 'PHONE_NUMBER', 'COPY_CODE'] },
];
const listKey = (section: ButtonSection): 'cta' | 'quickReplies' => (section === 'cta' ? 'cta' : 'quickReplies');

interface CardProps {
  button: EditorButton;
  label: string;
  position: number;
  count: number;
  bindings: EditorBindings;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ButtonCard({ button, label, position, count, bindings, onMove, onRemove }: CardProps) {
  const { t } = useTranslation('wa-template-editor');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: button.id, disabled: bindings.disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined };
  const { error, update } = bindings;
  const key = `button:${button.id}`;
  return (
    <Paper ref={setNodeRef} style={style} withBorder radius="md" p="sm" bg={isDragging ? 'blue.0' : undefined} role="group" aria-label={label} data-sortable-id={button.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={t('buttons.dragHint')}>
              <ActionIcon
                ref={setActivatorNodeRef}
                variant="subtle"
                color="gray"
                size="lg"
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...attributes}
                {...listeners}
                aria-label={t('buttons.reorder', { label })}
              >
                <IconGripVertical size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label={t('buttons.moveUp', { label })} disabled={bindings.disabled || position === 0} onClick={() => onMove(position - 1)}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={t('buttons.moveDown', { label })} disabled={bindings.disabled || position === count - 1} onClick={() => onMove(position + 1)}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('buttons.remove', { label })} disabled={bindings.disabled} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {error(key) ? (
          <Text size="sm" c="red.8">
            {error(key)}
          </Text>
        ) : null}
        <ButtonFields
          button={button}
          label={label}
          disabled={bindings.disabled}
          error={(field) => error(`${key}.${field}`)}
          onChange={(patch, field) => {
            update(
              (s) => {
                const list = listKey(buttonSection(button.type));
                return { ...s, [list]: s[list].map((b) => (b.id === button.id ? { ...b, ...patch } : b)) };
              },
              `${key}.${field}`,
            );
          }}
        />
      </Stack>
    </Paper>
  );
}

function SortableSection({ section, bindings, labels }: { section: ButtonSection; bindings: EditorBindings; labels: Map<string, string> }) {
  const { t } = useTranslation('wa-template-editor');
  const list = bindings.state[listKey(section)];
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = list.map((b) => b.id);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= list.length) return;
    bindings.update((s) => ({ ...s, [listKey(section)]: arrayMove(s[listKey(section)], from, to) }), 'buttons');
  };
  const name = (id: UniqueIdentifier) => labels.get(String(id)) ?? t('buttons.theButton');
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const total = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('buttons.dnd.start', { name: name(active.id), position: position(active.id), total }),
    onDragOver: ({ active, over }) =>
      over ? t('buttons.dnd.over', { name: name(active.id), position: position(over.id), total }) : t('buttons.dnd.notOver', { name: name(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t('buttons.dnd.end', { name: name(active.id), position: position(over.id), total }) : t('buttons.dnd.endNowhere', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('buttons.dnd.cancel', { name: name(active.id), position: position(active.id), total }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={`buttons-${section}-title`}>
      <Title order={3} size="h6" id={`buttons-${section}-title`}>
        {t(`buttons.section.${section}`)}
      </Title>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t('buttons.dnd.instructions'),
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="xs">
            {list.map((b, i) => (
              <ButtonCard
                key={b.id}
                button={b}
                label={labels.get(b.id)!}
                position={i}
                count={list.length}
                bindings={bindings}
                onMove={(to) => move(i, to)}
                onRemove={() => bindings.update((s) => withButtonRemoved(s, b.id), 'buttons')}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

/** The kinds the 'Add button' menu offers, each with its reason to be disabled or its hint (contract texts, in English). */
export function addButtonOptions(state: EditorState) {
  const existing = orderedButtons(state).map((b) => ({ type: b.type, text: b.text }));
  return MENU.map(({ section, kinds }) => ({
    section,
    kinds: kinds.map((kind) => {
      const rule = addButtonRule(existing, kind, state.category);
      return { kind, label: BUTTON_KIND_LABELS[kind], disabledReason: rule?.message, hint: buttonOptionHint(existing, kind) };
    }),
  }));
}

export function ButtonsSection(bindings: EditorBindings) {
  const { t } = useTranslation('wa-template-editor');
  const { state, update, error, disabled } = bindings;
  const ordered = orderedButtons(state);
  // 'Button 2 (Visit website)', as contracts' buttonLabel, in the interface language.
  const labels = new Map(ordered.map((b, i) => [b.id, t('buttons.cardLabel', { position: i + 1, kind: t(`buttons.kind.${b.type}`) })]));
  const options = addButtonOptions(state);
  const sections: ButtonSection[] = state.firstSection === 'cta' ? ['cta', 'quick_reply'] : ['quick_reply', 'cta'];
  const add = (kind: EditorButtonType) => update((s) => withButtonAdded(s, kind), 'buttons');
  const general: ReactNode = error('buttons');
  return (
    <Section
      id="buttons"
      title={t('buttons.title')}
      description={t('buttons.description')}
      actions={
        <Menu position="bottom-end" shadow="md" width={300} withinPortal>
          <Menu.Target>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled}>
              {t('buttons.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {options.map((group, g) => (
              <div key={group.section}>
                {g ? <Menu.Divider /> : null}
                <Menu.Label>{t(`buttons.menuSection.${group.section}`)}</Menu.Label>
                {group.kinds.map((o) => (
                  <Menu.Item key={o.kind} disabled={!!o.disabledReason} onClick={() => add(o.kind)}>
                    <Text size="sm">{t(`buttons.kind.${o.kind}`, { defaultValue: o.label })}</Text>
                    {o.disabledReason || o.hint ? (
                      <Text size="xs" c={o.disabledReason ? 'red.8' : 'gray.7'}>
                        {localizeMessage((o.disabledReason ?? o.hint)!)}
                      </Text>
                    ) : null}
                  </Menu.Item>
                ))}
              </div>
            ))}
          </Menu.Dropdown>
        </Menu>
      }
    >
      {general ? (
        <Text size="sm" c="red.8" role="alert">
          {general}
        </Text>
      ) : null}
      {ordered.length ? (
        <>
          <Switch
            label={t('buttons.quickRepliesFirst')}
            description={t('buttons.quickRepliesFirstHint')}
            checked={state.firstSection === 'quick_reply'}
            disabled={disabled || !state.cta.length || !state.quickReplies.length}
            onChange={(e) => {
              const first = e.currentTarget.checked ? 'quick_reply' : 'cta';
              update((s) => ({ ...s, firstSection: first }), 'buttons');
            }}
          />
          {sections.map((section) => (state[listKey(section)].length ? <SortableSection key={section} section={section} bindings={bindings} labels={labels} /> : null))}
          {ordered.length > 3 ? (
            <Text size="xs" c="gray.7">
              {t('buttons.seeAllOptions')}
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="gray.7">
          {t('buttons.empty')}
        </Text>
      )}
    </Section>
  );
}
