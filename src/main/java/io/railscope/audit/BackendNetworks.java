package io.railscope.audit;

import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.ipam.RailMapping;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which of a cell's networks are backend (rail) networks: a rail of the cell's rail mapping, a network whose device
 * plugin resource is named for RDMA, rails or HCAs, or one of an InfiniBand SR-IOV or RDMA CNI. An attachment is on
 * one when it carries an RDMA device or its NetworkAttachmentDefinition is one.
 */
final class BackendNetworks {

    private static final Pattern RDMA_RESOURCE = Pattern.compile(".*(rdma|rail|hca).*", Pattern.CASE_INSENSITIVE);

    private final RailMapping rails;
    private final Map<String, AttachmentDefinition> definitions = new HashMap<>();

    BackendNetworks(RailMapping rails, List<AttachmentDefinition> definitions) {
        this.rails = rails;
        definitions.forEach(definition -> this.definitions.put(definition.qualifiedName(), definition));
    }

    boolean isBackend(Attachment attachment) {
        if (attachment.rdmaDevice() != null) {
            return true;
        }
        AttachmentDefinition definition = definitions.get(attachment.network());
        return definition != null && isBackend(definition);
    }

    boolean isBackend(AttachmentDefinition definition) {
        return rails.isRailNetwork(definition.poolName(), definition.name())
                || definition.resourceName() != null
                        && RDMA_RESOURCE.matcher(definition.resourceName()).matches()
                || "ib-sriov".equals(definition.cniType())
                || "rdma".equals(definition.cniType());
    }
}
