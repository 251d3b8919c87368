// SPDX-License-Identifier: GPL-2.0
/*
 * Input for the host tests of the kernel tools the series teaches about
 * EXPORT_SYMBOL_GPL_FUTURE(): kernel-doc, scripts/tags.sh and checkpatch.
 * Every export follows its function except the one of detached_fn().
 */
#include <linux/export.h>

/**
 * plain_fn() - exported with EXPORT_SYMBOL_GPL()
 * @x: value
 *
 * Return: @x
 */
int plain_fn(int x)
{
	return x;
}
EXPORT_SYMBOL_GPL(plain_fn);

/**
 * future_fn() - exported with EXPORT_SYMBOL_GPL_FUTURE()
 * @x: value
 *
 * Return: @x
 */
int future_fn(int x)
{
	return x;
}
EXPORT_SYMBOL_GPL_FUTURE(future_fn);

/**
 * ns_fn() - exported with EXPORT_SYMBOL_NS_GPL_FUTURE()
 * @x: value
 *
 * Return: @x
 */
int ns_fn(int x)
{
	return x;
}
EXPORT_SYMBOL_NS_GPL_FUTURE(ns_fn, SAMPLE_NS);

/**
 * detached_fn() - exported, but not right after its body
 * @x: value
 *
 * Return: @x
 */
int detached_fn(int x)
{
	return x;
}

EXPORT_SYMBOL_GPL_FUTURE(detached_fn);

/**
 * local_fn() - not exported
 * @x: value
 *
 * Return: @x
 */
int local_fn(int x)
{
	return x;
}
