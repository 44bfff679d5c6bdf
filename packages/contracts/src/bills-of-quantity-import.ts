// Error codes of the BQ's Excel import/export and OCR scans (apps/api/src/bills-of-quantity/
// import-export and scan). Request refusals (errorCode), a cell's error in an import (errors[].code), a
// mapping field's problem (fields), and a scanned row's problem (rows[].problems[].code). Messages: ui
// errors.json `error.<code>` in en, ms and zh.
export const BqImportRefusalCodes = [
  'fileExpected',
  'fileTooLarge',
  'unsupportedMediaType',
  'bqImportNotXlsx',
  'bqImportTooLarge',
  'bqImportTooManyRows',
  'bqImportSheetNotFound',
  'bqImportRowsInvalid',
  'bqMappingInvalid',
  'bqScanComputerOnly',
  'bqScanFileType',
  'bqScanNotFound',
  'bqScanNotInReview',
  'bqScanRowsHaveProblems',
  'bqScanNoRows',
] as const;

export const BqImportCellCodes = [
  'bqImportLevelInvalid',
  'bqImportLevelSkipped',
  'bqImportParentNotHeader',
  'bqImportTypeInvalid',
  'bqImportTitleMissing',
  'bqImportTextTooLong',
  'bqImportQuantityInvalid',
  'bqImportRateInvalid',
  'bqImportHeaderPriced',
] as const;

export const BqMappingCodes = [
  'bqMappingSheetsInvalid',
  'bqMappingSheetInvalid',
  'bqMappingTabInvalid',
  'bqMappingTabRepeated',
  'bqMappingHeaderRowInvalid',
  'bqMappingLevelsInvalid',
  'bqMappingColumnsInvalid',
  'bqMappingFieldUnknown',
  'bqMappingColumnInvalid',
  'bqMappingColumnRepeated',
  'bqMappingTitleMissing',
  'bqMappingLevelColumnMissing',
] as const;

export const BqScanProblemCodes = [
  'columnsNotFound',
  'bqScanQuantityUnreadable',
  'bqScanRateUnreadable',
  'bqScanAmountUnreadable',
  'bqScanAmountMismatch',
  'bqScanHeaderPriced',
  'bqScanTitleMissing',
  'bqScanLevelSkipped',
  'bqScanParentNotHeader',
  'bqScanFieldInvalid',
  'bqScanRowsInvalid',
  'bqScanTabRequired',
] as const;

/** Statuses of a BQ scan (the spec names none): reading, then pendingReview, then imported or discarded; failed when nothing could be read. */
export const BqScanStatusNames = ['reading', 'pendingReview', 'imported', 'failed', 'discarded'] as const;

export const BqImportExportCodes = [...BqImportRefusalCodes, ...BqImportCellCodes, ...BqMappingCodes, ...BqScanProblemCodes] as const;
