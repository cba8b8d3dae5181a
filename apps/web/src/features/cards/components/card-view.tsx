import { Box, Card, Checkbox, Group, Image, Radio, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CardSection, Card as CommissionCard } from '@brushline/shared/cards/schemas';
import { CARD_DEFAULT_TITLE } from '@brushline/shared/cards/constants';
import { computeTotal, formatUsd } from '@brushline/shared/cards/pricing';
import { boxAspectRatio } from '@brushline/shared/media/constants';
import { deliveryTimeText, dueWhenLines } from '@brushline/shared/payments/due-when';
import { planSummary, type PaymentPlan } from '@brushline/shared/payments/plan';
import { toPath } from '@brushline/shared/paths';
import { AiLabelBadge } from '../../../components/ai-label-badge.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { chosenOf, fittingPicks, type Picks } from '../picks.ts';

/** What the view needs of a card: a saved card fits, and so does the editor's draft. */
export type CardViewModel = Pick<
  CommissionCard,
  'title' | 'cardBanner' | 'thumbnailPicture' | 'startingPrice' | 'infoProvidedByTheAuthor' | 'terms'
> & {
  sections: CardSection[];
  owner: CommissionCard['owner'] | null;
  /** "2 revisions included" under the price, when the card says. */
  revisionsIncluded?: number | null;
  /** How it is paid: the card shows the plan and, under the total, what is due when. */
  paymentPlan?: PaymentPlan | null;
  /** "Delivered within 7 days of acceptance", when the card says. */
  deliveryDays?: number | null;
  /** "AI-generated" or "AI-assisted" beside the price. */
  aiLabel?: CommissionCard['aiLabel'];
  /** Why staff hid the card: only its owner is sent it, and reads it on top. */
  hiddenByStaff?: string | null;
};

interface CardViewProps {
  card: CardViewModel;
  /** Controlled choice; without it the view keeps its own (the editor's preview). */
  picks?: Picks;
  onPicksChange?: (picks: Picks) => void;
  /** A message per section key (e.g. "Choose exactly one option"). */
  sectionErrors?: Record<string, string>;
  /** Under the total: the order form, a login button or an edit button. */
  footer?: ReactNode;
  /** Under the artist's name: their record (the commission page). */
  byline?: ReactNode;
  /** 1 where the card is the page (the commission page), 2 inside another page (the editor's preview). */
  headingOrder?: 1 | 2;
}

/**
 * A commission card as commissioners see it, with a live total. The commission page and the
 * editor's preview both render this one component, so the preview is what buyers will get.
 */
export function CardView({
  card,
  picks,
  onPicksChange,
  sectionErrors,
  footer,
  byline,
  headingOrder = 2,
}: CardViewProps) {
  const [ownPicks, setOwnPicks] = useState<Picks>({});
  const current = fittingPicks(card, picks ?? ownPicks);
  const setPicks = onPicksChange ?? setOwnPicks;
  const total = computeTotal(card, chosenOf(current));
  const choose = (sectionKey: string, keys: string[]) => setPicks({ ...current, [sectionKey]: keys });

  return (
    <Card withBorder padding="md" radius="md">
      {card.cardBanner && (
        <Card.Section>
          <Image
            src={card.cardBanner.url}
            alt=""
            style={{ aspectRatio: boxAspectRatio('cardBanner'), objectFit: 'cover' }}
          />
        </Card.Section>
      )}
      <Stack gap="md" mt={card.cardBanner ? 'md' : 0}>
        <StaffHiddenNotice reason={card.hiddenByStaff ?? null} what="card" />
        <Group align="flex-start" wrap="nowrap" gap="md">
          {card.thumbnailPicture && (
            <Image
              src={card.thumbnailPicture.url}
              alt=""
              w={{ base: 80, xs: 110 }}
              radius="sm"
              style={{ aspectRatio: boxAspectRatio('cardThumbnail'), objectFit: 'cover', flexShrink: 0 }}
            />
          )}
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={headingOrder} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {card.title || CARD_DEFAULT_TITLE}
            </Title>
            {card.owner && (
              <Group gap={6} wrap="nowrap">
                <UserAvatar
                  src={card.owner.avatarMiniatureUrl}
                  name={card.owner.displayName}
                  size={24}
                  decorative
                />
                <Text
                  size="sm"
                  component={Link}
                  to={toPath('profileHome', { login: card.owner.login })}
                  c="dimmed"
                  truncate
                  style={{ minWidth: 0 }}
                >
                  {/* A display name equal to the login would only repeat it. */}
                  {card.owner.displayName === card.owner.login
                    ? `@${card.owner.login}`
                    : `${card.owner.displayName} (@${card.owner.login})`}
                </Text>
              </Group>
            )}
            {byline}
            <Group gap="xs">
              <Text fw={600}>from {formatUsd(card.startingPrice)}</Text>
              <AiLabelBadge label={card.aiLabel} />
            </Group>
            {typeof card.revisionsIncluded === 'number' && (
              <Text size="sm" c="dimmed">
                {card.revisionsIncluded === 1
                  ? '1 revision included'
                  : `${card.revisionsIncluded} revisions included`}
              </Text>
            )}
            {card.paymentPlan && (
              <Text size="sm" c="dimmed">
                {planSummary(card.paymentPlan)}
              </Text>
            )}
            {deliveryTimeText(card.deliveryDays) && (
              <Text size="sm" c="dimmed">
                {deliveryTimeText(card.deliveryDays)}
              </Text>
            )}
          </Stack>
        </Group>
        {card.infoProvidedByTheAuthor && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {card.infoProvidedByTheAuthor}
          </Text>
        )}
        {card.terms && <ArtistTerms terms={card.terms} />}
        {card.sections.map((section) => (
          // data-section-key lets the order form bring a section that needs a choice into view.
          <Box key={section.key} data-section-key={section.key}>
            <SectionChoice
              section={section}
              value={current[section.key] ?? []}
              error={sectionErrors?.[section.key]}
              onChange={(keys) => choose(section.key, keys)}
            />
          </Box>
        ))}
        <Group
          justify="space-between"
          pt="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fw={600}>Total</Text>
          <Text fw={700} fz="lg" aria-live="polite" data-testid="card-total">
            {formatUsd(total)}
          </Text>
        </Group>
        {card.paymentPlan && <DueWhen plan={card.paymentPlan} total={total} />}
        {footer}
      </Stack>
    </Card>
  );
}

/**
 * What is due when for `total` under the card's plan, in dollars ("Deposit on acceptance $40.00"),
 * the amounts the artist will ask for (shared planParts: the same rounding as the server's).
 */
export function DueWhen({ plan, total }: { plan: PaymentPlan; total: number }) {
  const lines = dueWhenLines(plan, total);
  return (
    <Box data-testid="due-when">
      <Text size="sm" fw={600}>
        What is due when
      </Text>
      <Text size="sm" c="dimmed" aria-live="polite">
        {lines.map((l, i) => (
          <span key={l.index}>
            {i > 0 && ' · '}
            {l.text}
          </span>
        ))}
      </Text>
    </Box>
  );
}

/** The artist's terms, as buyers read them on the card and before sending (and orders keep them). */
export function ArtistTerms({ terms, title = "Artist's terms" }: { terms: string; title?: string }) {
  return (
    <Box
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {terms}
      </Text>
    </Box>
  );
}

/** Long option names and notes (one long word included) wrap instead of leaving the card. */
const CHOICE_STYLES = {
  body: { minWidth: 0 },
  labelWrapper: { minWidth: 0 },
  label: { overflowWrap: 'anywhere' as const },
  description: { overflowWrap: 'anywhere' as const },
};

const GROUP_STYLES = { label: { overflowWrap: 'anywhere' as const } };

function OptionLabel({ option, price }: { option: string; price: number }) {
  return (
    <>
      {option}{' '}
      <Text span c="dimmed" size="sm">
        (+{formatUsd(price)})
      </Text>
    </>
  );
}

function SectionChoice({
  section,
  value,
  error,
  onChange,
}: {
  section: CardSection;
  value: string[];
  error: string | undefined;
  onChange: (keys: string[]) => void;
}) {
  const options = [...section.options].sort((a, b) => a.order - b.order);
  if (options.length === 0) {
    return (
      <Box>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {section.title}
        </Text>
        <Text size="sm" c="dimmed">
          No options yet
        </Text>
      </Box>
    );
  }
  if (section.type === 'radio') {
    return (
      <Radio.Group
        label={section.title}
        styles={GROUP_STYLES}
        description="Choose one"
        value={value[0] ?? null}
        onChange={(key) => onChange([key])}
        error={error}
      >
        <Stack gap="xs" mt="xs">
          {options.map((o) => (
            <Radio
              key={o.key}
              value={o.key}
              label={<OptionLabel option={o.option} price={o.price} />}
              description={o.additional || undefined}
              styles={CHOICE_STYLES}
            />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  return (
    <Checkbox.Group
      label={section.title}
      styles={GROUP_STYLES}
      description="Choose any"
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {options.map((o) => (
          <Checkbox
            key={o.key}
            value={o.key}
            label={<OptionLabel option={o.option} price={o.price} />}
            description={o.additional || undefined}
            styles={CHOICE_STYLES}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
