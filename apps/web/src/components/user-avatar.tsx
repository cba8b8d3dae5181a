import { Avatar, type AvatarProps } from '@mantine/core';

/**
 * A user's picture: `src` is their avatar (userProfileStore.profilePicture — the 96×96
 * miniaturePath for small places, path for large ones); without one, or if it fails to load,
 * their initials on a colour derived from the name.
 */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & AvatarProps) {
  return <Avatar name={name} color="initials" alt={name} src={src ?? null} {...props} />;
}
