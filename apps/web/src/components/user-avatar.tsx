import { Avatar, type AvatarProps } from '@mantine/core';

/**
 * A user's picture: `src` is their avatar (userProfileStore.profilePicture — the 96×96
 * miniaturePath for small places, path for large ones); without one, or if it fails to load,
 * their initials on a colour derived from the name.
 *
 * Its text alternative (WCAG 1.1.1, axe image-alt): "<name>'s avatar" where the picture stands
 * for the person; `decorative` where the name is written right beside it (a post's author, an
 * order's commissioner, a named button), so a screen reader does not read the name twice: then
 * the image has an empty alt and the initials are hidden too.
 */
export function UserAvatar({
  name,
  src,
  decorative = false,
  ...props
}: { name: string; src?: string | null; decorative?: boolean } & AvatarProps) {
  const label = `${name}'s avatar`;
  const hasPicture = Boolean(src);
  return (
    <Avatar
      name={name}
      color="initials"
      src={src ?? null}
      alt={decorative ? '' : label}
      // Initials only: the root speaks for the picture that is not there.
      role={!decorative && !hasPicture ? 'img' : undefined}
      aria-label={!decorative && !hasPicture ? label : undefined}
      aria-hidden={decorative || undefined}
      // The initials in the text colour: Mantine's tinted letters are 3.8:1 on their own background.
      styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
      {...props}
    />
  );
}
