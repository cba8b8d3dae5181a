import { makeIcon } from '../../../components/icons.tsx';

/** Line icons of the CRM screens (24×24, stroke = currentColor), in the style of components/icons.tsx. */
export const IconPlus = makeIcon(<path d="M12 5v14M5 12h14" />);
export const IconTrash = makeIcon(
  <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />,
);
export const IconArrowUp = makeIcon(<path d="M12 19V5M6 11l6-6 6 6" />);
export const IconArrowDown = makeIcon(<path d="M12 5v14M6 13l6 6 6-6" />);
export const IconChevronDown = makeIcon(<path d="M6 9l6 6 6-6" />);
export const IconEdit = makeIcon(<path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />);
export const IconEye = makeIcon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const IconPhoto = makeIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 8" />
  </>,
);
export const IconX = makeIcon(<path d="M6 6l12 12M18 6L6 18" />);
export const IconUpload = makeIcon(<path d="M12 16V4M6 10l6-6 6 6M4 20h16" />);
