import { Button, Center } from '@mantine/core';

/** Over a picture carrying a tag the reader blurs: it stays blurred until they choose to see it. */
export function BlurCover({ onReveal }: { onReveal: () => void }) {
  return (
    <Center pos="absolute" inset={0}>
      <Button size="xs" variant="default" onClick={onReveal}>
        Show blurred picture
      </Button>
    </Center>
  );
}
