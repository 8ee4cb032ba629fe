// Label–value facts as a description list (read out as term and definition by screen readers).
import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

export function FactList({ facts, labelWidth = 200 }: { facts: Fact[]; labelWidth?: number }) {
  return (
    <DataList withDivider labelWidth={labelWidth}>
      {facts.map((fact) => (
        <DataList.Item key={fact.label}>
          <DataList.ItemLabel c="dimmed">{fact.label}</DataList.ItemLabel>
          <DataList.ItemValue>{fact.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
