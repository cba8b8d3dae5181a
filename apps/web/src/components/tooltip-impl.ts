// The real tooltip, in a module of its own so that it can be fetched on demand (deferred-tooltip.tsx).
export { Tooltip } from '@mantine/core';
