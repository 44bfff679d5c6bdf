// A build-up's labour, material and plant lines in the form: one row of fields per line, each line's amount,
// a remove button per line and an add button; all by keyboard (Tab through the fields, Enter or Space on the
// buttons; a new line takes the focus at its category, a removed one hands it to the add button).
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { plainMoney } from './use-plan.js';
import { CATEGORIES, lineAmount, money, newLine, type DraftLine, type Problems } from './build-up-form.js';

export function BuildUpLines({
  lines,
  problems,
  disabled,
  onChange,
}: {
  lines: DraftLine[];
  problems: Problems;
  disabled: boolean;
  onChange: (lines: DraftLine[]) => void;
}) {
  const translate = useTranslate();
  const focusKey = useRef<number | 'add' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusKey.current === null) return;
    const target = focusKey.current === 'add' ? addButton.current : document.getElementById(`buildup-line-${focusKey.current}-category`);
    target?.focus();
    focusKey.current = null;
  });
  const set = (key: number, field: keyof Omit<DraftLine, 'key'>) => (event: { target: { value: string } }) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, [field]: event.target.value } : line)));
  const add = () => {
    const line = newLine(lines.at(-1)?.category ?? 'labour');
    focusKey.current = line.key;
    onChange([...lines, line]);
  };
  const remove = (key: number) => {
    focusKey.current = 'add';
    onChange(lines.filter((line) => line.key !== key));
  };
  const problem = (index: number, field: string) => problems[`lines[${index}].${field}`];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="buildup-lines">
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {translate('admin.buildUps.lines')}
      </Typography>
      {lines.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('admin.buildUps.noLines')}
        </Typography>
      )}
      {lines.map((line, index) => {
        const amount = lineAmount(line);
        const label = (field: string) => translate(`admin.buildUps.columns.${field}`);
        const help = (field: string) => {
          const key = problem(index, field);
          return key ? translate(key) : ' ';
        };
        return (
          <Stack
            key={line.key}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            useFlexGap
            data-testid="buildup-line"
            data-index={index}
            role="group"
            aria-label={translate('admin.buildUps.lineLabel', { number: index + 1 })}
            sx={{
              alignItems: { md: 'flex-start' },
              mb: { xs: 2, md: 0.5 },
              pb: { xs: 1, md: 0 },
              borderBottom: { xs: 1, md: 0 },
              borderColor: 'divider',
            }}
          >
            <TextField
              select
              size="small"
              id={`buildup-line-${line.key}-category`}
              label={label('category')}
              value={line.category}
              onChange={set(line.key, 'category')}
              disabled={disabled}
              helperText=" "
              sx={{ width: { md: '9rem' } }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {translate(`admin.buildUps.categories.${c}`)}
                </option>
              ))}
            </TextField>
            <TextField
              size="small"
              id={`buildup-line-${line.key}-description`}
              label={label('description')}
              value={line.description}
              onChange={set(line.key, 'description')}
              disabled={disabled}
              error={!!problem(index, 'description')}
              helperText={help('description')}
              sx={{ flex: { md: 1 }, minWidth: { md: 140 } }}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              size="small"
              id={`buildup-line-${line.key}-unit`}
              label={label('unit')}
              value={line.unit}
              onChange={set(line.key, 'unit')}
              disabled={disabled}
              helperText=" "
              sx={{ width: { md: '6rem' } }}
              slotProps={{ htmlInput: { maxLength: 20 } }}
            />
            <TextField
              size="small"
              id={`buildup-line-${line.key}-quantity`}
              label={label('quantity')}
              value={line.quantity}
              onChange={set(line.key, 'quantity')}
              disabled={disabled}
              error={!!problem(index, 'quantity')}
              helperText={help('quantity')}
              sx={{ width: { md: '7rem' } }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              size="small"
              id={`buildup-line-${line.key}-rate`}
              label={label('lineRate')}
              value={line.rate}
              onChange={set(line.key, 'rate')}
              disabled={disabled}
              error={!!problem(index, 'rate')}
              helperText={help('rate')}
              sx={{ width: { md: '8rem' } }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', width: { md: '13rem' }, flexShrink: 0, pt: { md: 1 } }}
            >
              <Typography data-testid="buildup-line-amount" sx={{ whiteSpace: 'nowrap', flex: 1, textAlign: { md: 'right' } }}>
                {translate('admin.buildUps.columns.amount')}: {amount === null ? '-' : plainMoney(money(amount))}
              </Typography>
              <IconButton
                onClick={() => remove(line.key)}
                disabled={disabled}
                aria-label={translate('admin.buildUps.removeLine', { number: index + 1 })}
                data-testid="buildup-line-remove"
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Stack>
        );
      })}
      <Button
        ref={addButton}
        startIcon={<AddIcon />}
        onClick={add}
        disabled={disabled || lines.length >= 200}
        data-testid="buildup-add-line"
      >
        {translate('admin.buildUps.addLine')}
      </Button>
    </Box>
  );
}
