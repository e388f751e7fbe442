package io.railscope;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.railscope.notify.AlertmanagerResource;
import io.railscope.ops.DatabaseBehindProxy;
import io.railscope.source.exposition.ExporterCellResource;
import io.railscope.source.exposition.QueryCellResource;
import io.railscope.source.kube.MockCellResource;
import java.util.List;
import java.util.Map;

/**
 * The test fleet plus real peers, started once for every test that needs one: configured cells read from
 * mock Kubernetes APIs (kube-a), real node_exporters (kube-b, kube-v, kube-s) and a real Prometheus (kube-q),
 * a real Alertmanager with Railscope's own webhook receivers, and the database behind a relay a test can cut.
 * One Quarkus start serves them all; each test collects the cells it reads itself.
 */
public class PeersProfile implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        // the peers do not depend on each other: they start side by side
        return List.of(
                parallel(DatabaseBehindProxy.class),
                parallel(AlertmanagerResource.class),
                parallel(MockCellResource.class),
                parallel(ExporterCellResource.class),
                parallel(QueryCellResource.class));
    }

    private static TestResourceEntry parallel(Class<? extends QuarkusTestResourceLifecycleManager> resource) {
        return new TestResourceEntry(resource, Map.of(), true);
    }
}
