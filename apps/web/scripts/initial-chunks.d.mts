/** Types for initial-chunks.mjs (plain JavaScript, so the size-limit config can load it in Node 20). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export function initialChunks(
  manifest: Record<string, ManifestChunk>,
  pageSources: string[],
): { files: string[]; sources: string[] };
