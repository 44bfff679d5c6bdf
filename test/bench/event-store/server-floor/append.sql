-- The append as the store now sends it for one event (statements.ts APPEND_ONE_*), driven by pgbench with
-- constant payload and hashes: the conditional write of the stream head (a new stream every 10th call,
-- else the UPDATE at the expected revision and hash), then the event, only if the head was written.
-- No Node.js in the loop: this is the server side alone.
-- Event ids in time order, like the store's own (uuid-v7.ts): the time in ms, then random digits.
\set n :n + 1
\set s :n / 10
\set r :n % 10
\set prev :r - 1
\if :r = 0
WITH head AS (
    INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
    SELECT :p::text || '-' || :client_id::text || '-' || :s, 'purchaseOrder', :r, 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502', now(), now()
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_id
  )
  INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 19))::uuid, :p::text || '-' || :client_id::text || '-' || :s, 'purchaseOrder', :r, 'PurchaseOrderApproved', '{"amount":{"currency":"MYR","value":"120450.00"},"approvalLevel":20,"counterpartyCompanyId":"SELLER-CO-0007","documentId":"x1795321948146-w0-s000001","documentNo":"PO-2026-000000","projectId":"PRJ-KL-0042","remark":"Subject to delivery schedule B","status":"pendingConfirmation","workflowEvent":"Approve"}', '{"actorCompanyId":"d95fb533-e9e7-46df-85ff-b34aa7d538ec","actorUserId":"cdb42b8f-f4c5-435a-be2b-41f65b45ee8b","causationId":"dce7b3b5-0801-4e9b-8861-a87f2108ef60","correlationId":"cb0d1af0-ec53-45fd-bbbb-c64e13bc9bdb"}', now(), 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502', 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502' FROM head
    RETURNING global_position;
\else
WITH head AS (
    UPDATE streams SET revision = :r, last_hash = 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502', updated_at = now()
    WHERE stream_id = :p::text || '-' || :client_id::text || '-' || :s AND revision = :prev AND last_hash = 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502'
    RETURNING stream_id
  )
  INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 19))::uuid, :p::text || '-' || :client_id::text || '-' || :s, 'purchaseOrder', :r, 'PurchaseOrderApproved', '{"amount":{"currency":"MYR","value":"120450.00"},"approvalLevel":20,"counterpartyCompanyId":"SELLER-CO-0007","documentId":"x1795321948146-w0-s000001","documentNo":"PO-2026-000000","projectId":"PRJ-KL-0042","remark":"Subject to delivery schedule B","status":"pendingConfirmation","workflowEvent":"Approve"}', '{"actorCompanyId":"d95fb533-e9e7-46df-85ff-b34aa7d538ec","actorUserId":"cdb42b8f-f4c5-435a-be2b-41f65b45ee8b","causationId":"dce7b3b5-0801-4e9b-8861-a87f2108ef60","correlationId":"cb0d1af0-ec53-45fd-bbbb-c64e13bc9bdb"}', now(), 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502', 'e8a84713f817ca5b056ee625197c9e5a2b6534af2daf57c4907125f05024d502' FROM head
    RETURNING global_position;
\endif
