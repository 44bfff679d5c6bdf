// A waiting approval level's due time, or how long it is overdue (due-time.ts); nothing without a due time.
import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { dueReading } from './due-time.js';

export function DueTime({ dueAt, overdueBy }: { dueAt: string | null | undefined; overdueBy?: number | null }) {
  const translate = useTranslate();
  const reading = dueReading(translate, dueAt, overdueBy);
  if (!reading) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      // error.dark keeps the contrast on white and on the table's hover shade.
      sx={{ color: reading.overdue ? 'error.dark' : 'text.secondary', fontWeight: reading.overdue ? 600 : undefined }}
      data-testid="due-time"
      data-overdue={reading.overdue}
    >
      {reading.text}
    </Typography>
  );
}
