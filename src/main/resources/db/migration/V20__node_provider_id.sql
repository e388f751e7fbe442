-- The cloud's name for a node's machine (Node spec.providerID, e.g. aws:///us-west-2a/i-0123456789abcdef0): libfabric's
-- EFA errors name a failed peer by its EC2 instance id, which only this ties to a node.
ALTER TABLE node ADD COLUMN provider_id text;
