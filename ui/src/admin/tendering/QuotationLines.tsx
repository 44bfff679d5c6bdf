// The quotation's lines: each tender item with its quantity, the seller's rate, the include box for a rate
// of 0 (§5.3) and the line amount as typed. A list of blocks rather than a wide table, so a phone's 375 px
// shows a whole line without scrolling sideways.
import { useTranslate } from 'react-admin';
import { Box, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { formatMoney, formatQuantity } from '../format.js';
import type { LineProblem, RateLine } from './quotation-form.js';
import type { SellerTenderItem } from './tendering-api.js';

type Props = {
  items: readonly SellerTenderItem[];
  lines: readonly RateLine[];
  amounts: ReadonlyMap<number, string>;
  problems: ReadonlyMap<number, LineProblem | null>;
  readOnly: boolean;
  onChange: (lines: RateLine[]) => void;
};

export function QuotationLines({ items, lines, amounts, problems, readOnly, onChange }: Props) {
  const translate = useTranslate();
  const set = (lineNo: number, change: Partial<RateLine>) => onChange(lines.map((l) => (l.lineNo === lineNo ? { ...l, ...change } : l)));
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={translate('tendering.quote.items')}
      data-testid="quotation-lines"
    >
      {items.map((item) => {
        const line = lines.find((l) => l.lineNo === item.lineNo);
        if (!line) return null;
        const problem = problems.get(item.lineNo) ?? null;
        const label = `${translate('tendering.fields.rate')}, ${item.lineNo}. ${item.description}`;
        return (
          <Box
            component="li"
            key={item.lineNo}
            data-testid="quotation-line"
            data-line={item.lineNo}
            sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ fontWeight: 500 }}>
              {item.lineNo}. {item.description}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1 }}>
              <Typography variant="body2" sx={{ minWidth: 110 }}>
                {translate('tendering.fields.quantity')}: {formatQuantity(item.quantity)} {item.unit}
              </Typography>
              <TextField
                size="small"
                label={translate('tendering.fields.rateRm')}
                value={line.rate}
                disabled={readOnly}
                sx={{ width: 150, flex: '0 0 auto' }}
                onChange={(e) => set(item.lineNo, { rate: e.target.value })}
                error={problem === 'rateRequired' || problem === 'moneyFormat'}
                {...(problem === 'rateRequired' || problem === 'moneyFormat'
                  ? { helperText: translate(`tendering.quote.problem.${problem}`) }
                  : {})}
                slotProps={{
                  htmlInput: {
                    inputMode: 'decimal',
                    'aria-label': label,
                    'data-testid': `rate-${item.lineNo}`,
                    style: { textAlign: 'right' },
                  },
                }}
              />
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={line.includeZeroRate}
                      disabled={readOnly}
                      onChange={(e) => set(item.lineNo, { includeZeroRate: e.target.checked })}
                      slotProps={{ input: { 'data-testid': `include-${item.lineNo}` } as object }}
                    />
                  }
                  label={translate('tendering.fields.includeZero')}
                />
                {problem === 'zeroRateNotIncluded' && (
                  <Typography variant="body2" color="error" role="alert">
                    {translate('error.zeroRateNotIncluded')}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ ml: 'auto', whiteSpace: 'nowrap' }} data-testid={`amount-${item.lineNo}`}>
                {translate('tendering.fields.amount')}: {amounts.get(item.lineNo) ? formatMoney(amounts.get(item.lineNo)) : '-'}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
