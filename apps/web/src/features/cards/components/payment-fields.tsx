import {
  ActionIcon,
  Button,
  Card,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  DELIVERY_DAYS_MAX,
  DELIVERY_DAYS_MIN,
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  MILESTONES_MAX,
  MILESTONES_MIN,
  PAYMENT_STAGE_LABELS,
  PAYMENT_STAGES,
  type PlanKind,
} from '@brushline/shared/payments/constants';
import { payoutAccountQuery, takesCards } from '../../payments/api/payout-queries.ts';
import { emptyMilestone, milestonesSum, type CardDraft } from '../card-draft.ts';

const STAGE_OPTIONS = PAYMENT_STAGES.map((stage) => ({
  value: stage,
  // "on acceptance" → "On acceptance": the select shows it on its own.
  label: PAYMENT_STAGE_LABELS[stage].replace(/^./, (c) => c.toUpperCase()),
}));

const KINDS: { value: PlanKind; label: string; description: string }[] = [
  {
    value: 'full',
    label: 'In full up front',
    description: 'The buyer pays the whole price once you accept, before you start.',
  },
  {
    value: 'deposit',
    label: 'Deposit + remainder',
    description: 'A percentage once you accept, the rest on delivery.',
  },
  {
    value: 'milestones',
    label: 'Milestones',
    description: `${MILESTONES_MIN} to ${MILESTONES_MAX} named parts, each due at a stage; they add up to 100%.`,
  },
];

/**
 * The card editor's "Payment" section: how orders from the card are paid (each order keeps a copy
 * of the plan as it was) and the optional delivery time, with the shared schema's messages.
 */
export function PaymentFields({ form }: { form: UseFormReturnType<CardDraft> }) {
  const { data: account } = useQuery(payoutAccountQuery());
  const plan = form.values.paymentPlan;
  const sum = milestonesSum(plan);
  const milestonesError = form.errors['paymentPlan.milestones'];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="card-payment-title">
      <Stack gap="md">
        <div>
          <Title order={3} fz="h4" id="card-payment-title">
            Payment
          </Title>
          <Text size="sm" c="dimmed">
            {takesCards(account)
              ? 'How buyers pay for orders from this card: by card through Brushline, which holds each payment until the buyer approves the work, then sends it to your Stripe account less the platform fee.'
              : 'How buyers pay for orders from this card. Payments happen outside Brushline (your own link or details); the order page records them.'}{' '}
            Each order keeps the plan as it was when it was sent.
          </Text>
        </div>
        <Radio.Group
          label="How it is paid"
          value={plan.kind}
          onChange={(kind) => form.setFieldValue('paymentPlan.kind', kind)}
        >
          <Stack gap="xs" mt="xs">
            {KINDS.map((k) => (
              <Radio key={k.value} value={k.value} label={k.label} description={k.description} />
            ))}
          </Stack>
        </Radio.Group>
        {plan.kind === 'deposit' && (
          <NumberInput
            label="Deposit"
            description={`Percent of the total, ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX}; the rest is due on delivery.`}
            suffix="%"
            min={DEPOSIT_PERCENT_MIN}
            max={DEPOSIT_PERCENT_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            maw={220}
            {...form.getInputProps('paymentPlan.depositPercent')}
          />
        )}
        {plan.kind === 'milestones' && (
          <Stack gap="sm">
            {plan.milestones.map((m, i) => (
              <Fieldset key={m.key} legend={`Milestone ${i + 1}`} p="sm">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <TextInput
                    label="Name"
                    placeholder="Sketch"
                    style={{ flex: '2 1 160px' }}
                    {...form.getInputProps(`paymentPlan.milestones.${i}.name`)}
                  />
                  <NumberInput
                    label="Share"
                    suffix="%"
                    min={1}
                    max={100}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    style={{ flex: '0 1 96px' }}
                    {...form.getInputProps(`paymentPlan.milestones.${i}.percent`)}
                  />
                  <NativeSelect
                    label="Due"
                    data={STAGE_OPTIONS}
                    style={{ flex: '2 1 200px' }}
                    {...form.getInputProps(`paymentPlan.milestones.${i}.stage`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={25}
                    aria-label={`Remove milestone ${i + 1}`}
                    title={
                      plan.milestones.length <= MILESTONES_MIN
                        ? `A plan has at least ${MILESTONES_MIN} milestones`
                        : `Remove milestone ${i + 1}`
                    }
                    disabled={plan.milestones.length <= MILESTONES_MIN}
                    onClick={() => form.removeListItem('paymentPlan.milestones', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Fieldset>
            ))}
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={plan.milestones.length >= MILESTONES_MAX}
                onClick={() =>
                  form.insertListItem(
                    'paymentPlan.milestones',
                    emptyMilestone({ percent: Math.max(0, 100 - sum) || '' }),
                  )
                }
              >
                Add milestone
              </Button>
              <Text
                size="sm"
                fw={600}
                c={sum === 100 ? 'teal.9' : 'red.9'}
                aria-live="polite"
                data-testid="milestones-sum"
              >
                Adds up to {sum}%{sum === 100 ? '' : ' (must be 100%)'}
              </Text>
            </Group>
            {typeof milestonesError === 'string' && (
              <Text size="sm" c="red.9" role="alert">
                {milestonesError}
              </Text>
            )}
          </Stack>
        )}
        <NumberInput
          label="Delivery time (days)"
          description={`Optional, ${DELIVERY_DAYS_MIN} to ${DELIVERY_DAYS_MAX}. An accepted order is then due this many days later; past it, the buyer may cancel and get back what they paid.`}
          min={DELIVERY_DAYS_MIN}
          max={DELIVERY_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maw={220}
          {...form.getInputProps('deliveryDays')}
        />
      </Stack>
    </Card>
  );
}
