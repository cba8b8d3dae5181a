import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** The gallery's screens (SPEC §2 main layout and profile children); each page loads on demand. */
export const galleryRoutes: RouteObject[] = [
  {
    path: paths.artists,
    lazy: async () => ({ Component: (await import('./pages/artists-page.tsx')).ArtistsPage }),
  },
  {
    path: paths.gallery,
    lazy: async () => ({ Component: (await import('./pages/gallery-page.tsx')).GalleryPage }),
  },
  {
    path: paths.profileGallery,
    lazy: async () => ({ Component: (await import('./pages/profile-gallery-page.tsx')).ProfileGalleryPage }),
  },
  {
    path: paths.profileCards,
    lazy: async () => ({ Component: (await import('./pages/profile-cards-page.tsx')).ProfileCardsPage }),
  },
];
