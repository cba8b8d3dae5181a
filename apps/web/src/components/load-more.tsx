import { Button, Center } from '@mantine/core';
import { useLoadWhenVisible } from '../lib/use-load-when-visible.ts';

/** Infinite scroll's end of list: loads the next page as it comes near, or on a press. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const ref = useLoadWhenVisible(onLoad, hasMore && !loading, '600px 0px');
  if (!hasMore) return null;
  return (
    <Center ref={ref} py="md">
      <Button variant="default" loading={loading} onClick={onLoad}>
        Load more
      </Button>
    </Center>
  );
}
