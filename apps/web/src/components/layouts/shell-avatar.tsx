/** The user's avatar: the image, or initials on a colour derived from the name/e-mail (console.md §2 Header). */
import { Avatar, type MantineSize } from '@mantine/core';
import { avatarColor, avatarInitials } from './avatar-utils.ts';

export interface ShellAvatarProps {
  fullName: string;
  email: string;
  avatar: string | null;
  size?: MantineSize | number;
}

/** Decorative (alt=""): it always sits next to, or inside a control named with, the user's name. */
export function ShellAvatar({ fullName, email, avatar, size = 'md' }: ShellAvatarProps) {
  const key = fullName.trim() || email;
  return (
    <Avatar
      src={avatar || null}
      alt=""
      size={size}
      radius="xl"
      styles={{ placeholder: { backgroundColor: avatarColor(key), color: '#fff', fontWeight: 600 } }}
    >
      {/* Hidden from assistive tech: the surrounding control carries the name. */}
      <span aria-hidden>{avatarInitials(fullName, email)}</span>
    </Avatar>
  );
}
