// The contract sum as varied (the api's `contract` on a contract, its claims, variation orders and
// instructions): the original sum, the issued variation orders, the adjusted sum that claims read, what the
// claims certified, and a progressive claim's share of the adjusted sum.
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import type { ContractSumView } from '@binaan/contracts';
import { formatMoney } from '../format.js';

function Line({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" data-testid={testId} sx={strong ? { fontWeight: 700 } : undefined}>
        {value}
      </Typography>
    </Box>
  );
}

export function ContractSumCard({ contract, currency }: { contract: ContractSumView; currency: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent data-testid="contract-sum">
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {translate('admin.variations.contractSum')}{' '}
          <Link component={RouterLink} to={`/${contract.contractResource}/${encodeURIComponent(contract.contractId)}/show`}>
            {contract.contractNo}
          </Link>
        </Typography>
        <Line
          label={translate('admin.variations.originalSum')}
          value={formatMoney(contract.originalSum, currency)}
          testId="contract-original"
        />
        <Line
          label={translate('admin.variations.variationsSum', { count: contract.variationCount })}
          value={formatMoney(contract.variationsSum, currency)}
          testId="contract-variations"
        />
        <Line
          label={translate('admin.variations.adjustedSum')}
          value={formatMoney(contract.adjustedSum, currency)}
          testId="contract-adjusted"
          strong
        />
        <Line
          label={translate('admin.variations.certifiedSum')}
          value={formatMoney(contract.certifiedSum, currency)}
          testId="contract-certified"
        />
        {contract.claimValue !== null && (
          <Line
            label={translate('admin.variations.claimValue')}
            value={formatMoney(contract.claimValue, currency)}
            testId="contract-claim-value"
          />
        )}
      </CardContent>
    </Card>
  );
}
