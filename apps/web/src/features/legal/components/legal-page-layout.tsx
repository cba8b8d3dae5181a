import type { ReactNode } from 'react';
import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { LEGAL_UPDATED_AT } from '@brushline/shared/site';

interface LegalPageLayoutProps {
  title: string;
  lang: 'en' | 'ru';
  children: ReactNode;
}

const LEGAL_LINKS = [
  { to: paths.policyEn, label: 'Privacy policy (English)', lang: 'en' },
  { to: paths.policyRu, label: 'Политика конфиденциальности (русский)', lang: 'ru' },
  { to: paths.terms, label: 'Terms of use', lang: 'en' },
] as const;

export function LegalPageLayout({ title, lang, children }: LegalPageLayoutProps) {
  const { pathname } = useLocation();
  const updated =
    lang === 'ru'
      ? `Последнее обновление: ${LEGAL_UPDATED_AT.replaceAll('/', '.')}`
      : `Last updated: ${LEGAL_UPDATED_AT}`;

  return (
    <Container size="md" py="xl" lang={lang}>
      {/* "Политика конфиденциальности" is one long word at h1 size: it shrinks with a phone's width
          and, should it still not fit, breaks rather than widening the page. */}
      <Title
        order={1}
        fz="clamp(1.5rem, 7vw, 2.125rem)"
        style={{ overflowWrap: 'break-word', hyphens: 'auto' }}
      >
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt="xs">
        {updated}
      </Text>
      <nav aria-label={lang === 'ru' ? 'Правовые документы' : 'Legal documents'}>
        <Group gap="md" mt="md" mb="xl">
          {LEGAL_LINKS.map((link) => (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              lang={link.lang}
              size="sm"
              aria-current={pathname === link.to ? 'page' : undefined}
            >
              {link.label}
            </Anchor>
          ))}
        </Group>
      </nav>
      {children}
    </Container>
  );
}
