import { Table } from '@mantine/core';

/**
 * A table's header row, one heading a column, in order; `''` for a column with no heading (its
 * buttons name themselves).
 */
export function TableHead({ headings }: { headings: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headings.map((heading) => (
          <Table.Th key={heading}>{heading}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
