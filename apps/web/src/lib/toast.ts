import { notifications } from '@mantine/notifications';

export const toast = {
  success: (message: string) => notifications.show({ message, color: 'teal' }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: 6000 }),
  info: (message: string) => notifications.show({ message, color: 'blue' }),
};
