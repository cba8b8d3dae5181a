import { Avatar, type AvatarProps } from '@mantine/core';

/** Initials until profile pictures arrive with the media feature. */
export function UserAvatar({ name, ...props }: { name: string } & AvatarProps) {
  return <Avatar name={name} color="initials" alt={name} {...props} />;
}
