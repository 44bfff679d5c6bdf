// Menu icons of the contractor menu (§2.4), one per page so the entries are told apart at a glance.
import type { ReactNode } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import ListAltIcon from '@mui/icons-material/ListAlt';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CampaignIcon from '@mui/icons-material/Campaign';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ReceiptIcon from '@mui/icons-material/Receipt';
import PriceChangeIcon from '@mui/icons-material/PriceChange';

export const CONTRACTOR_ICONS: Readonly<Record<string, ReactNode>> = {
  cidbCompanyProfile: <BusinessIcon />,
  cidbMaterial: <ShoppingCartIcon />,
  'tradeAndService.search-contractor': <PersonSearchIcon />,
  'tradeAndService.bq': <ListAltIcon />,
  'tradeAndService.budget': <AccountBalanceWalletIcon />,
  'tradeAndService.call-tender': <CampaignIcon />,
  'tradeAndService.received-invoice': <ReceiptLongIcon />,
  'businessOpportunity.received-tender': <MoveToInboxIcon />,
  'businessOpportunity.invoice-generator': <RequestQuoteIcon />,
  'businessOpportunity.receipt-generator': <ReceiptIcon />,
  'businessOpportunity.quotation-generator': <PriceChangeIcon />,
};
