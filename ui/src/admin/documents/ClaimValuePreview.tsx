// Under a progressive claim's form: the contract it claims on, as varied (its issued variation orders in),
// and what the typed percentage of it comes to, the figure the claim is made on (the api's `claimValue`,
// half up to the sen). "Claim this amount" puts it on the claim's one line, so the claim's total is that
// figure and not one copied by hand from the order.
import { useGetOne, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { ContractSumView } from '@binaan/contracts';
import { formatMoney } from '../format.js';
import { useAwardedContracts } from './ContractInput.js';

/** "1234.5" -> 123450n: hundredths, exactly (the api's decimals are never floats). */
function hundredths(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null;
}

/** Percent of a money text, half up to the sen (as the api's claimValue); null when either is not a number. */
export function shareOf(sum: string, percent: string): string | null {
  const sen = hundredths(sum);
  const basisPoints = hundredths(percent);
  if (sen === null || basisPoints === null) return null;
  const share = (sen * basisPoints + 5000n) / 10000n;
  return `${share / 100n}.${String(share % 100n).padStart(2, '0')}`;
}

export function ClaimValuePreview() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const sourceId = useWatch({ name: 'sourceDocumentId' }) as string | null | undefined;
  const percent = (useWatch({ name: 'claimPercentage' }) as string | null | undefined) ?? '';
  const contracts = useAwardedContracts('received');
  const picked = contracts.find((row) => row.id === sourceId);
  const { data } = useGetOne<{ id: string; contract?: ContractSumView | null; currency?: string }>(
    picked?.kind ?? 'purchaseOrder',
    { id: sourceId ?? '' },
    { enabled: Boolean(picked) },
  );
  const contract = picked ? data?.contract : null;
  if (!contract) return null;
  const currency = data?.currency ?? 'RM';
  const value = shareOf(contract.adjustedSum, percent);
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2, width: '100%' }} data-testid="claim-value-preview">
      <Typography variant="body2">
        {translate('admin.variations.claimBasis', {
          contract: contract.contractNo,
          sum: formatMoney(contract.adjustedSum, currency),
          count: contract.variationCount,
        })}
      </Typography>
      {value !== null && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="claim-value">
            {translate('admin.variations.claimShare', { percent: percent.trim(), value: formatMoney(value, currency) })}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            data-testid="claim-use-value"
            onClick={() =>
              setValue(
                'items',
                [
                  {
                    description: translate('admin.variations.claimLine', { percent: percent.trim(), contract: contract.contractNo }),
                    unit: 'lot',
                    quantity: '1',
                    rate: value,
                  },
                ],
                { shouldDirty: true },
              )
            }
          >
            {translate('admin.variations.claimUse')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
