import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Card style={{ width: '100%', maxWidth: 420 }}>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      {children}
    </Card>
  );
}
