-- The transparency log's Merkle tree over the global log (packages/event-store/src/merkle). Grown after the
-- fact from the committed log, in one transaction per step with its own position (log_tree_state), so the
-- append path writes nothing here. Leaves and perfect subtrees are never changed once written.

-- Leaf i: the i-th event the tree took, in the log's catch-up order (readAll).
CREATE TABLE log_tree_leaves (
  leaf_index      bigint PRIMARY KEY,
  global_position bigint NOT NULL UNIQUE,
  event_id        uuid NOT NULL UNIQUE,
  -- The event's hash as it was when the tree took it (hex); the leaf hash is SHA-256(0x00 || its bytes).
  event_hash      text NOT NULL
);

-- Every perfect subtree: the 2^level leaves from node_index * 2^level. Level 0 holds the leaf hashes.
CREATE TABLE log_tree_nodes (
  level      smallint NOT NULL,
  node_index bigint NOT NULL,
  hash       bytea NOT NULL,
  PRIMARY KEY (level, node_index)
);

-- One row: the tree's size and the log position (readAll cursor) it has taken the log up to.
CREATE TABLE log_tree_state (
  singleton      boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  tree_size      bigint NOT NULL,
  after_position bigint NOT NULL
);
INSERT INTO log_tree_state (tree_size, after_position) VALUES (0, 0);
