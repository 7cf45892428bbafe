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
import { buttonSection, type ButtonSection } from '@pesan/contracts/wa-template-console';
import { BUTTON_KIND_LABELS, addButtonRule, buttonLabel, buttonOptionHint } from '@pesan/contracts/wa-template-rules';
import { ButtonFields } from './button-fields.tsx';
import type { EditorBindings } from './editor-bindings.ts';
import { newButton, orderedButtons, type EditorButton, type EditorButtonType, type EditorState } from './editor-state.ts';
import { Section } from './fields.tsx';

const SECTION_TITLES: Record<ButtonSection, string> = { cta: 'Call to action', quick_reply: 'Quick reply' };
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: button.id, disabled: bindings.disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined };
  const { error, update } = bindings;
  const key = `button:${button.id}`;
  return (
    <Paper ref={setNodeRef} style={style} withBorder radius="md" p="sm" bg={isDragging ? 'blue.0' : undefined} role="group" aria-label={label} data-sortable-id={button.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label="Drag to reorder">
              <ActionIcon
                ref={setActivatorNodeRef}
                variant="subtle"
                color="gray"
                size="lg"
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...attributes}
                {...listeners}
                aria-label={`Reorder ${label}`}
              >
                <IconGripVertical size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label} up`} disabled={bindings.disabled || position === 0} onClick={() => onMove(position - 1)}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label} down`} disabled={bindings.disabled || position === count - 1} onClick={() => onMove(position + 1)}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} disabled={bindings.disabled} onClick={onRemove}>
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
  const list = bindings.state[listKey(section)];
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = list.map((b) => b.id);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= list.length) return;
    bindings.update((s) => ({ ...s, [listKey(section)]: arrayMove(s[listKey(section)], from, to) }), 'buttons');
  };
  const name = (id: UniqueIdentifier) => labels.get(String(id)) ?? 'the button';
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. It is at position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to position ${position(over.id)} of ${ids.length}.` : `${name(active.id)} is no longer over a position.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Reordering cancelled. ${name(active.id)} is back at position ${position(active.id)} of ${ids.length}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={`buttons-${section}-title`}>
      <Title order={3} size="h6" id={`buttons-${section}-title`}>
        {SECTION_TITLES[section]}
      </Title>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: 'To reorder a button, press Space or Enter to pick it up, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
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
                onRemove={() => bindings.update((s) => ({ ...s, [listKey(section)]: s[listKey(section)].filter((x) => x.id !== b.id) }), 'buttons')}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

/** The kinds the 'Add button' menu offers, each with its reason to be disabled or its hint. */
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
  const { state, update, error, disabled } = bindings;
  const ordered = orderedButtons(state);
  const labels = new Map(ordered.map((b, i) => [b.id, buttonLabel(i, b.type)]));
  const options = addButtonOptions(state);
  const sections: ButtonSection[] = state.firstSection === 'cta' ? ['cta', 'quick_reply'] : ['quick_reply', 'cta'];
  const add = (kind: EditorButtonType) => {
    const b = newButton(kind, state.language);
    const list = listKey(buttonSection(kind));
    update((s) => ({ ...s, [list]: [...s[list], b], firstSection: ordered.length ? s.firstSection : buttonSection(kind) }), 'buttons');
  };
  const general: ReactNode = error('buttons');
  return (
    <Section
      id="buttons"
      title="Buttons"
      description="Optional. Up to 10 buttons that let customers respond or act on the message."
      actions={
        <Menu position="bottom-end" shadow="md" width={300} withinPortal>
          <Menu.Target>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled}>
              Add button
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {options.map((group, g) => (
              <div key={group.section}>
                {g ? <Menu.Divider /> : null}
                <Menu.Label>{SECTION_TITLES[group.section]} buttons</Menu.Label>
                {group.kinds.map((o) => (
                  <Menu.Item key={o.kind} disabled={!!o.disabledReason} onClick={() => add(o.kind)}>
                    <Text size="sm">{o.label}</Text>
                    {o.disabledReason || o.hint ? (
                      <Text size="xs" c={o.disabledReason ? 'red.8' : 'gray.7'}>
                        {o.disabledReason ?? o.hint}
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
            label="Show quick replies first"
            description="Quick replies stay together, before or after the call-to-action buttons."
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
              With more than 3 buttons, WhatsApp shows the first 2 and 'See all options' for the rest.
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="gray.7">
          No buttons yet.
        </Text>
      )}
    </Section>
  );
}
