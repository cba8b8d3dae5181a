-- The typo correction reads tag_words into memory (tag-word-index.ts, decision 0015): its trigram
-- index is no longer read, only kept up to date on every write.
DROP INDEX "tag_words_trgm_idx";