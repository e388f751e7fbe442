-- Columns that hold a state refuse a value outside its set; a value stored outside it becomes 'unknown'.
UPDATE ip_pool SET kind = 'unknown'
 WHERE kind NOT IN ('configured', 'cilium-cluster-pool', 'cilium-multi-pool', 'calico-ippool', 'kubeadm-pod-subnet',
                    'node-pod-cidrs', 'nv-ipam-ippool', 'nv-ipam-cidrpool', 'whereabouts', 'service-cidr', 'unknown');
ALTER TABLE ip_pool ADD CONSTRAINT ip_pool_kind_check
    CHECK (kind IN ('configured', 'cilium-cluster-pool', 'cilium-multi-pool', 'calico-ippool', 'kubeadm-pod-subnet',
                    'node-pod-cidrs', 'nv-ipam-ippool', 'nv-ipam-cidrpool', 'whereabouts', 'service-cidr', 'unknown'));
UPDATE nccl_job SET busbw_source = 'unknown' WHERE busbw_source NOT IN ('nccl-tests', 'inspector', 'unknown');
ALTER TABLE nccl_job ADD CONSTRAINT nccl_job_busbw_source_check
    CHECK (busbw_source IN ('nccl-tests', 'inspector', 'unknown'));
