/** A read-only label and value pair of a detail panel (drawers of a message or a delivery). */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function LabelledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
