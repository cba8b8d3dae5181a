// Shared with the server, whose page preloads must pick the same file as the <img> (decision 0008).
export { miniatureWidth, responsiveImage } from '@brushline/shared/media/responsive';
