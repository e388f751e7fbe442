package io.railscope.source.kube;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Starts a mock cell before Railscope and configures it as cell {@code kube-a} through a kubeconfig file, as a user would. */
public class MockCellResource implements QuarkusTestResourceLifecycleManager {

    static volatile MockCell cell;

    @Override
    public Map<String, String> start() {
        try {
            cell = MockCell.loaded();
            return Map.of(
                    "railscope.cells.kube-a.kubernetes.kubeconfig",
                    cell.writeKubeconfig().toString(),
                    "railscope.cells.kube-a.kubernetes.context",
                    "mock");
        } catch (Exception e) {
            throw new IllegalStateException("mock cell did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        if (cell != null) {
            cell.close();
        }
    }
}
