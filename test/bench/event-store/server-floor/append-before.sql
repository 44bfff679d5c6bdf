-- The append as it was before (the zipped multi-row CTE for one event and the shared advisory writer
-- lock), for comparison with append.sql.
\set n :n + 1
\set s :n / 10
\set r :n % 10
\set prev :r - 1
\if :r = 0
WITH writer AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(7310, 1)), head AS (
    INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
    SELECT :p::text || '-' || :client_id::text || '-' || :s, 'purchaseOrder', :r, 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502', now(), now() WHERE EXISTS (SELECT 1 FROM writer)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_id
  ),
  ins AS (
    INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT e.event_id, :p::text || '-' || :client_id::text || '-' || :s, 'purchaseOrder', e.revision, e.type, e.data, e.metadata, now(), e.prev_hash, e.hash
    FROM head,
      ROWS FROM (unnest(ARRAY[gen_random_uuid()]), unnest(ARRAY[:r::bigint]), unnest('{"PurchaseOrderApproved"}'::text[]), json_array_elements('[{"amount":{"currency":"MYR","value":"120450.00"},"approvalLevel":20,"counterpartyCompanyId":"SELLER-CO-0007","documentId":"x1795321948146-w0-s000001","documentNo":"PO-2026-000000","projectId":"PRJ-KL-0042","remark":"Subject to delivery schedule B","status":"pendingConfirmation","workflowEvent":"Approve"}]'::json),
        json_array_elements('[{"actorCompanyId":"d95fb533-e9e7-46df-85ff-b34aa7d538ec","actorUserId":"cdb42b8f-f4c5-435a-be2b-41f65b45ee8b","causationId":"dce7b3b5-0801-4e9b-8861-a87f2108ef60","correlationId":"cb0d1af0-ec53-45fd-bbbb-c64e13bc9bdb"}]'::json), unnest('{e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502}'::text[]), unnest('{e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502}'::text[]))
        WITH ORDINALITY AS e(event_id, revision, type, data, metadata, prev_hash, hash, ord)
    ORDER BY e.ord
    RETURNING global_position, revision
  )
  SELECT global_position, revision FROM ins ORDER BY revision;
\else
WITH writer AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(7310, 1)), head AS (
    UPDATE streams SET revision = :r, last_hash = 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502', updated_at = now()
    WHERE stream_id = :p::text || '-' || :client_id::text || '-' || :s AND revision = :prev AND last_hash = 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502' AND EXISTS (SELECT 1 FROM writer)
    RETURNING stream_id
  ),
  ins AS (
    INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT e.event_id, :p::text || '-' || :client_id::text || '-' || :s, 'purchaseOrder', e.revision, e.type, e.data, e.metadata, now(), e.prev_hash, e.hash
    FROM head,
      ROWS FROM (unnest(ARRAY[gen_random_uuid()]), unnest(ARRAY[:r::bigint]), unnest('{"PurchaseOrderApproved"}'::text[]), json_array_elements('[{"amount":{"currency":"MYR","value":"120450.00"},"approvalLevel":20,"counterpartyCompanyId":"SELLER-CO-0007","documentId":"x1795321948146-w0-s000001","documentNo":"PO-2026-000000","projectId":"PRJ-KL-0042","remark":"Subject to delivery schedule B","status":"pendingConfirmation","workflowEvent":"Approve"}]'::json),
        json_array_elements('[{"actorCompanyId":"d95fb533-e9e7-46df-85ff-b34aa7d538ec","actorUserId":"cdb42b8f-f4c5-435a-be2b-41f65b45ee8b","causationId":"dce7b3b5-0801-4e9b-8861-a87f2108ef60","correlationId":"cb0d1af0-ec53-45fd-bbbb-c64e13bc9bdb"}]'::json), unnest('{e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502}'::text[]), unnest('{e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502}'::text[]))
        WITH ORDINALITY AS e(event_id, revision, type, data, metadata, prev_hash, hash, ord)
    ORDER BY e.ord
    RETURNING global_position, revision
  )
  SELECT global_position, revision FROM ins ORDER BY revision;
\endif
