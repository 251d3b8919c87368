// SPDX-License-Identifier: GPL-2.0
#include "gplf_user.h"
MODULE_LICENSE("Dual MIT/GPL");
