package io.railscope.ops;

import java.lang.reflect.Method;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * For a test that spends its time waiting on the processes it started (the packaged jar, its database): it runs as a
 * blocked thread of JUnit's pool, which starts a spare thread meanwhile. The tests that compute keep the pool's
 * parallelism, one per core, and the waiting ones run beside them.
 */
public final class WaitsOnProcesses implements InvocationInterceptor {

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        blocked(invocation);
    }

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        blocked(invocation);
    }

    @Override
    public void interceptBeforeAllMethod(
            Invocation<Void> invocation, ReflectiveInvocationContext<Method> method, ExtensionContext context)
            throws Throwable {
        blocked(invocation);
    }

    private static void blocked(Invocation<Void> invocation) throws Throwable {
        if (!(Thread.currentThread() instanceof ForkJoinWorkerThread)) {
            invocation.proceed();
            return;
        }
        Running running = new Running(invocation);
        ForkJoinPool.managedBlock(running);
        if (running.failure != null) {
            throw running.failure;
        }
    }

    private static final class Running implements ForkJoinPool.ManagedBlocker {

        private final Invocation<Void> invocation;
        private boolean done;
        private Throwable failure;

        Running(Invocation<Void> invocation) {
            this.invocation = invocation;
        }

        @Override
        public boolean block() {
            try {
                invocation.proceed();
            } catch (Throwable t) {
                failure = t;
            }
            done = true;
            return true;
        }

        @Override
        public boolean isReleasable() {
            return done;
        }
    }
}
