import { Anchor, List, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSiteInfo } from '../../../lib/site-info.ts';
import { LegalPageLayout } from './legal-page-layout.tsx';

/** One section of a legal page: paragraphs, then a list, then notes, then the contact line. */
export interface LegalSection {
  /** For a link to the section (/terms#ai). */
  id?: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
  notes?: string[];
  /** Lead-in text followed by the operator's contact mailbox link. */
  contact?: string;
}

/** The one renderer of the legal pages (terms, the privacy policy in English and Russian). */
export function LegalDocument({
  title,
  lang,
  sections,
}: {
  title: string;
  lang: 'en' | 'ru';
  sections: LegalSection[];
}) {
  const { contactEmail } = useSiteInfo();
  const { hash } = useLocation();
  // The page renders after the browser looked for the #fragment: go to the section ourselves.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <LegalPageLayout title={title} lang={lang}>
      {sections.map((section) => (
        // The margin keeps a linked section's heading clear of the sticky header.
        <section
          key={section.heading}
          id={section.id}
          style={{
            scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + var(--mantine-spacing-md))',
          }}
        >
          <Title order={2} mt="xl" mb="sm">
            {section.heading}
          </Title>
          {section.paragraphs?.map((text) => (
            <Text key={text} mb="sm">
              {text}
            </Text>
          ))}
          {section.items && (
            <List spacing="xs" mb="sm">
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
          {section.notes?.map((text) => (
            <Text key={text} mb="sm">
              {text}
            </Text>
          ))}
          {section.contact && (
            <Text mb="sm">
              {section.contact} <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
            </Text>
          )}
        </section>
      ))}
    </LegalPageLayout>
  );
}
