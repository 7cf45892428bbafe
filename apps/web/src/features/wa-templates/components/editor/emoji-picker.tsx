/**
 * A small emoji picker for the body toolbar (templates-dashboard-reports.md §2.4 "an emoji can be
 * added"): a curated set, so the editor carries no emoji library.
 */
import { useState } from 'react';
import { ActionIcon, Popover, SimpleGrid, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * [emoji, English name]: faces, hands, commerce and everyday symbols common in business messages.
 * The name shown is `emoji.<camelCase name>` in the catalogue ('OK hand' -> emoji.okHand).
 */
export const EMOJIS: readonly (readonly [string, string])[] = [
  ['😀', 'grinning face'], ['😃', 'smiling face with big eyes'], ['😄', 'smiling face with smiling eyes'], ['😁', 'beaming face'],
  ['😊', 'smiling face'], ['🙂', 'slightly smiling face'], ['😉', 'winking face'], ['😍', 'heart eyes'],
  ['🥰', 'smiling face with hearts'], ['😎', 'smiling face with sunglasses'], ['🤩', 'star struck'], ['🥳', 'partying face'],
  ['😇', 'smiling face with halo'], ['🤗', 'hugging face'], ['🤔', 'thinking face'], ['😅', 'grinning face with sweat'],
  ['😂', 'face with tears of joy'], ['😢', 'crying face'], ['😮', 'surprised face'], ['🙏', 'folded hands'],
  ['👍', 'thumbs up'], ['👌', 'OK hand'], ['👏', 'clapping hands'], ['🙌', 'raising hands'],
  ['👋', 'waving hand'], ['🤝', 'handshake'], ['💪', 'flexed biceps'], ['👉', 'pointing right'],
  ['❤️', 'red heart'], ['💙', 'blue heart'], ['💚', 'green heart'], ['⭐', 'star'],
  ['✨', 'sparkles'], ['🔥', 'fire'], ['🎉', 'party popper'], ['🎁', 'gift'],
  ['🎊', 'confetti ball'], ['🏆', 'trophy'], ['💯', 'hundred points'], ['✅', 'check mark'],
  ['❗', 'exclamation mark'], ['❓', 'question mark'], ['⚠️', 'warning'], ['ℹ️', 'information'],
  ['📢', 'loudspeaker'], ['🔔', 'bell'], ['📣', 'megaphone'], ['💬', 'speech balloon'],
  ['📱', 'mobile phone'], ['📞', 'telephone receiver'], ['📧', 'e-mail'], ['📦', 'package'],
  ['🚚', 'delivery truck'], ['🛒', 'shopping cart'], ['🛍️', 'shopping bags'], ['💳', 'credit card'],
  ['💰', 'money bag'], ['💵', 'banknote'], ['🏷️', 'label'], ['🧾', 'receipt'],
  ['📅', 'calendar'], ['⏰', 'alarm clock'], ['⏳', 'hourglass'], ['📍', 'round pushpin'],
  ['🏠', 'house'], ['🏪', 'convenience store'], ['✈️', 'airplane'], ['🚗', 'car'],
  ['🍔', 'hamburger'], ['☕', 'hot beverage'], ['🍰', 'shortcake'], ['🌟', 'glowing star'],
  ['☀️', 'sun'], ['🌙', 'crescent moon'], ['🌈', 'rainbow'], ['🔒', 'locked'],
  ['🔑', 'key'], ['🔗', 'link'], ['📝', 'memo'], ['➡️', 'right arrow'],
];

/** The catalogue key of an emoji's English name ('thumbs up' -> 'thumbsUp', 'e-mail' -> 'eMail'). */
export const emojiKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());

export interface EmojiPickerProps {
  /** Inserts the emoji at the caret. */
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

export function EmojiPicker({ onPick, disabled }: EmojiPickerProps) {
  const { t } = useTranslation('wa-template-editor');
  const [opened, setOpened] = useState(false);
  const label = t('emojiPicker.label');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)} disabled={disabled} aria-expanded={opened}>
            <IconMoodSmile size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <SimpleGrid cols={8} spacing={2} verticalSpacing={2} role="group" aria-label={label}>
          {EMOJIS.map(([emoji, name], i) => (
            <UnstyledButton
              key={emoji}
              data-autofocus={i === 0 || undefined}
              aria-label={t(`emoji.${emojiKey(name)}`, { defaultValue: name })}
              title={t(`emoji.${emojiKey(name)}`, { defaultValue: name })}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
              style={{ fontSize: 20, lineHeight: '28px', width: 32, height: 32, textAlign: 'center', borderRadius: 6 }}
              className="wa-emoji"
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
