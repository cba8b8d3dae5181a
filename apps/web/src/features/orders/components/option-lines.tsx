import { Table, Text } from '@mantine/core';
import { formatUsd } from '@brushline/shared/cards/pricing';

interface ChosenSectionLines {
  title: string;
  options: { key: string; option: string; price: number }[];
}

/**
 * What a commission costs, line by line: the starting price first, then each chosen option with
 * its price, so the lines add up to the total shown under them. The buyer's look back before
 * sending and a sent form's details both show it.
 */
export function OptionLines({
  startingPrice,
  sections,
}: {
  startingPrice: number;
  sections: ChosenSectionLines[];
}) {
  return (
    <>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Text size="sm" c="dimmed">
                Starting price
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatUsd(startingPrice)}</Text>
            </Table.Td>
          </Table.Tr>
          {sections.flatMap((section) =>
            section.options.map((o) => (
              <Table.Tr key={`${section.title}-${o.key}`}>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Text span c="dimmed" size="sm">
                      {section.title}:
                    </Text>{' '}
                    {o.option}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">+{formatUsd(o.price)}</Text>
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      {sections.length === 0 && (
        <Text size="sm" c="dimmed">
          No options chosen: the starting price only.
        </Text>
      )}
    </>
  );
}
